/**
 * `npm run admin:create -- <email>`: makes a new administrator with that e-mail in the database the
 * shop uses (the same DATA_DIR or DATABASE_URL as `npm start`), prints a generated password once,
 * and counts the address as confirmed. For an existing account, use `npm run admin:promote`.
 * Works with the shop running or stopped.
 */
import { buildApp } from '../src/server/app.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { HttpError } from '../src/server/http/errors.ts';
import { oneArgument, shopConfig } from './shop-command.ts';

const email = oneArgument('npm run admin:create -- <email>');
const config = shopConfig();
const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL });
await migrateToLatest(database);
// The shop's own account machinery, so the account is made as a sign-up makes it.
const app = await buildApp({ config: { ...config, LOG_LEVEL: 'silent' }, database, logger: false });
try {
  const created = await app.accounts.createAdministrator(email, 'Administrator');
  console.log(
    [
      `${created.email} is a new administrator. Sign in at ${config.publicOrigin}/login with`,
      `  password: ${created.password}`,
      'Keep the password now: it is not shown again. Change it in the dashboard after signing in.',
    ].join('\n'),
  );
} catch (error) {
  console.error(error instanceof HttpError ? error.message : error);
  process.exitCode = 1;
} finally {
  await app.close();
  await database.db.destroy();
}
