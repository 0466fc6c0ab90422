import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createNodeSqliteDialect, watchOtherWriters } from './node-sqlite-dialect.ts';
import { preparingPool } from './statements-made-once.ts';
import type { Database } from './schema.ts';
import { WatchedWrites } from './watched-writes.ts';

export type DbKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DbKind;
  /** For PostgreSQL: the connection settings, so that LISTEN can open its own connection. */
  postgresUrl?: string;
  /** For PostgreSQL: the pool (its counts are metrics); for SQLite: the database file. */
  pool?: pg.Pool;
  file?: string;
  /** Tells, right after it ran, of each statement of this process that can make a kept copy stale (a session, a user, a customer's cart or orders, the menu). */
  watchedWrites: WatchedWrites;
  /**
   * SQLite: `listener` is told, within OTHER_WRITERS_LOOK_MS (node-sqlite-dialect.ts), when another
   * process committed to the database. PostgreSQL: never (other processes' changes arrive through
   * the event bus, LISTEN/NOTIFY). Returns the way to stop listening.
   */
  onWrittenElsewhere(listener: () => void): () => void;
}

// PostgreSQL's int8 (COUNT, SUM) arrives as a string by default; our sums fit a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function openDatabase(options: { dataDir: string; databaseUrl?: string }): DatabaseHandle {
  const watchedWrites = new WatchedWrites();
  if (options.databaseUrl) {
    // Pipeline mode: a statement is sent when it is made, without waiting for the answers before
    // it. Kysely waits for each statement, so nothing changes but where the shop sends two at once
    // on purpose: a transaction's last statement and its COMMIT (commit-with-last.ts).
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 20, pipeline: true });
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }), plugins: [watchedWrites] }),
      kind: 'postgres',
      postgresUrl: options.databaseUrl,
      pool,
      watchedWrites,
      onWrittenElsewhere: () => () => {},
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'shop.sqlite');
  const otherWriters = watchOtherWriters();
  return {
    db: new Kysely<Database>({ dialect: createNodeSqliteDialect(file, { opened: otherWriters.opened }), plugins: [watchedWrites] }),
    kind: 'sqlite',
    file,
    watchedWrites,
    onWrittenElsewhere: otherWriters.onWrittenElsewhere,
  };
}
