/**
 * `npm run restore -- <file>`: puts a backup made by `npm run backup` back as the shop's SQLite
 * database (DATA_DIR), with the shop stopped. The file is checked first (a sound database of this
 * shop); the database it replaces is kept beside it. With DATABASE_URL: prints the pg_restore command.
 */
import path from 'node:path';
import { runningShop } from '../src/server/ops/shutdown.ts';
import { BackupError, checkShopDatabase, restoreSqlite } from '../src/server/ops/sqlite-backup.ts';
import { oneArgument, shopConfig } from './shop-command.ts';

const file = oneArgument('npm run restore -- <file>   (a file made by npm run backup; stop the shop first)');const config = shopConfig();
if (config.DATABASE_URL) {
  console.error(
    [
      'The shop uses PostgreSQL (DATABASE_URL): restore a pg_dump file with PostgreSQL\'s own tool, with the shop stopped:',
      `  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${file}`,
    ].join('\n'),
  );
  process.exit(2);
}
const running = runningShop(config.dataDir);
if (running) {
  console.error(`The shop is running on ${config.dataDir} (process ${running.pid}, port ${running.port}). Stop it first (Ctrl+C, or kill -TERM ${running.pid}), then run this again.`);
  process.exit(1);
}
try {
  const backup = path.resolve(file);
  const summary = checkShopDatabase(backup);
  const target = path.join(config.dataDir, 'shop.sqlite');
  const keptAs = restoreSqlite(backup, target);
  console.log(`Restored ${backup} as ${target}: ${summary.users} accounts, ${summary.orders} orders, ${summary.payments} payments.`);
  if (keptAs) console.log(`The database it replaced is kept as ${keptAs}.`);
  console.log('Start the shop again with npm start (it applies any migration the backup lacks).');
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
