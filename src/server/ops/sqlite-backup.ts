import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { MIGRATION_NAMES } from '../db/migrate.ts';

/** What a backup file holds, as checked before it is kept or restored. */
export interface BackupSummary {
  bytes: number;
  migrations: string[];
  payments: number;
  orders: number;
  users: number;
}

export class BackupError extends Error {}

/**
 * `VACUUM INTO` copies a snapshot in one read transaction while writes go on in the WAL; SQLite's
 * backup API restarts on every write and may never finish under steady orders. Written beside the
 * target, checked, then renamed, so an interrupted backup never leaves a half file under the name.
 */
export function backupSqlite(source: string, target: string): BackupSummary {
  if (!fs.existsSync(source)) throw new BackupError(`No database at ${source}: is DATA_DIR right?`);
  if (fs.existsSync(target)) throw new BackupError(`${target} already exists: choose a new file name (a backup never overwrites one).`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  const db = new DatabaseSync(source, { timeout: 10_000 });
  try {
    db.prepare('VACUUM INTO ?').run(partial);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
  let summary: BackupSummary;
  try {
    summary = checkShopDatabase(partial);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  fs.renameSync(partial, target);
  return summary;
}

/** Also refuses a backup with migrations this code doesn't know (from a newer version). */
export function checkShopDatabase(file: string): BackupSummary {
  if (!fs.existsSync(file)) throw new BackupError(`No file at ${file}.`);
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(file, { readOnly: true });
  } catch (error) {
    throw new BackupError(`${file} cannot be opened as a SQLite database: ${(error as Error).message}`);
  }
  try {
    const check = readRows<{ quick_check: string }>(db, 'PRAGMA quick_check', file);
    if (check[0]?.quick_check !== 'ok') throw new BackupError(`${file} is damaged: ${check.map((row) => row.quick_check).join('; ')}`);
    const tables = new Set(readRows<{ name: string }>(db, "select name from sqlite_master where type = 'table'", file).map((row) => row.name));
    if (!tables.has('kysely_migration') || !tables.has('payments')) throw new BackupError(`${file} is a SQLite database, but not a Raw Roots shop's.`);
    const migrations = readRows<{ name: string }>(db, 'select name from kysely_migration order by name', file).map((row) => row.name);
    const unknown = migrations.filter((name) => !MIGRATION_NAMES.includes(name));
    if (unknown.length > 0) throw new BackupError(`${file} comes from a newer version of the shop (migrations ${unknown.join(', ')}): update the shop first.`);
    const count = (table: string) => Number(readRows<{ n: number }>(db, `select count(*) as n from ${table}`, file)[0]!.n);
    return { bytes: fs.statSync(file).size, migrations, payments: count('payments'), orders: tables.has('orders') ? count('orders') : 0, users: count('users') };
  } finally {
    db.close();
  }
}

function readRows<T>(db: DatabaseSync, sql: string, file: string): T[] {
  try {
    return db.prepare(sql).all() as T[];
  } catch (error) {
    throw new BackupError(`${file} cannot be read as a SQLite database: ${(error as Error).message}`);
  }
}

/** The shop must be stopped. The replaced database and its WAL are kept under a dated name, never deleted. */
export function restoreSqlite(backup: string, target: string, now = new Date()): string | undefined {
  checkShopDatabase(backup);
  const dir = path.dirname(target);
  fs.mkdirSync(dir, { recursive: true });
  let keptAs: string | undefined;
  if (fs.existsSync(target)) {
    const stamp = now.toISOString().replace(/[:.]/g, '-');
    keptAs = path.join(dir, `${path.basename(target, '.sqlite')}-before-restore-${stamp}.sqlite`);
    // The log and its index move with their database (SQLite finds them by its name): a log left
    // beside the restored file would be replayed into it.
    for (const suffix of ['', '-wal', '-shm']) {
      if (fs.existsSync(target + suffix)) fs.renameSync(target + suffix, keptAs + suffix);
    }
  }
  const partial = `${target}.restoring`;
  fs.copyFileSync(backup, partial);
  fs.renameSync(partial, target);
  return keptAs;
}
