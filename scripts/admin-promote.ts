/**
 * `npm run admin:promote -- <email>`: makes the account with that e-mail an administrator, in the
 * database the shop uses (the same DATA_DIR or DATABASE_URL as `npm start`). The account must
 * exist: sign up in the shop first.
 */
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { setRoleByEmail } from '../src/server/users/user-repository.ts';
import { oneArgument, shopConfig } from './shop-command.ts';

const email = oneArgument('npm run admin:promote -- <email>').trim().toLowerCase();
const config = shopConfig();
const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL });
try {
  await migrateToLatest(database);
  const changed = await setRoleByEmail(database.db, email, 'admin');
  if (changed === 0) {
    console.error(`No account with the e-mail ${email}. Sign up in the shop first, then run this again.`);
    process.exitCode = 1;
  } else {
    console.log(`${email} is now an administrator. The change applies from their next request.`);
  }
} finally {
  await database.db.destroy();
}
