/**
 * `npm run admin:promote -- <email>`: makes the account with that e-mail an administrator, in the
 * database the shop uses (the same DATA_DIR or DATABASE_URL as `npm start`). The account must
 * exist: sign up in the shop first.
 */
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { setRoleByEmail } from '../src/server/users/user-repository.ts';

const email = process.argv[2]?.trim().toLowerCase();
if (!email || process.argv.length > 3) {
  console.error('Usage: npm run admin:promote -- <email>');
  process.exit(2);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
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
