import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createNodeSqliteDialect } from './node-sqlite-dialect.ts';
import type { Database } from './schema.ts';

export type DbKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DbKind;
  /** For PostgreSQL: the connection settings, so that LISTEN can open its own connection. */
  postgresUrl?: string;
  /** For PostgreSQL: the pool (its counts are metrics); for SQLite: the database file. */
  pool?: pg.Pool;
  file?: string;
}

// PostgreSQL's int8 (COUNT, SUM) arrives as a string by default; our sums fit a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function openDatabase(options: { dataDir: string; databaseUrl?: string }): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 20 });
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      kind: 'postgres',
      postgresUrl: options.databaseUrl,
      pool,
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'shop.sqlite');
  return { db: new Kysely<Database>({ dialect: createNodeSqliteDialect(file) }), kind: 'sqlite', file };
}
