/**
 * `npm run backup -- <file>`: a consistent copy of the shop's SQLite database (DATA_DIR), taken
 * while the shop runs and serves (src/server/ops/sqlite-backup.ts). With DATABASE_URL the shop's
 * data is in PostgreSQL: this prints the pg_dump command instead (README, "Backups").
 */
import path from 'node:path';
import { BackupError, backupSqlite } from '../src/server/ops/sqlite-backup.ts';
import { oneArgument, shopConfig } from './shop-command.ts';

const file = oneArgument('npm run backup -- <file>   (for example: npm run backup -- backups/shop-$(date +%F).sqlite)');const config = shopConfig();
if (config.DATABASE_URL) {
  console.error(['The shop uses PostgreSQL (DATABASE_URL): back it up with PostgreSQL\'s own tool, which also runs while the shop serves:', `  pg_dump --format=custom --file=${file} "$DATABASE_URL"`].join('\n'));
  process.exit(2);
}
const source = path.join(config.dataDir, 'shop.sqlite');
const target = path.resolve(file);
try {
  const started = Date.now();
  const summary = backupSqlite(source, target);
  console.log(
    `Backed up ${source} to ${target} in ${Date.now() - started} ms: ${(summary.bytes / 1e6).toFixed(1)} MB, ` +
      `${summary.users} accounts, ${summary.orders} orders, ${summary.payments} payments. Restore it with: npm run restore -- ${file}`,
  );
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
