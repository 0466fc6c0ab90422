/**
 * `npm run admin:password -- <email>`: sets a new password for the account with that e-mail (the
 * demo administrator's, whose password was shown once, or anyone's), in the database the shop
 * uses (the same DATA_DIR or DATABASE_URL as `npm start`), and ends all of its sessions. Prints a
 * generated strong password, or takes one from standard input:
 *   echo 'my own long passphrase' | npm run admin:password -- admin@rawroots.demo
 * Works with the shop running or stopped.
 */
import fs from 'node:fs';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { resetPassword, PasswordRefused } from '../src/server/ops/reset-password.ts';
import { oneArgument, shopConfig } from './shop-command.ts';

const email = oneArgument('npm run admin:password -- <email>   (prints a new password; or pipe one in: echo "…" | npm run admin:password -- <email>)').trim().toLowerCase();
const config = shopConfig();
// A password piped in is the one to set (its final line break is not part of it); at a terminal one is generated.
const given = process.stdin.isTTY ? undefined : fs.readFileSync(0, 'utf8').replace(/\r?\n$/, '');
const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL });
try {
  await migrateToLatest(database);
  const result = await resetPassword(database.db, email, given || undefined);
  if (!result) {
    console.error(`No account with the e-mail ${email}.`);
    process.exitCode = 1;
  } else {
    if (result.generated) console.log(`New password for ${email}: ${result.password}\nKeep it now: it is not shown again.`);
    else console.log(`The password of ${email} is changed.`);
    console.log(`Signed out everywhere (${result.sessionsEnded} session${result.sessionsEnded === 1 ? '' : 's'} ended). Sign in at /login.`);
  }
} catch (error) {
  console.error(error instanceof PasswordRefused ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.db.destroy();
}
