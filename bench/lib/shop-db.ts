import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';

/**
 * Read access to the database of a shop the bench started, to check invariants after the load.
 * SQL is written with `?` placeholders; PostgreSQL gets them as $1, $2…
 */
export interface ShopDb {
  all<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  run(sql: string, params?: unknown[]): Promise<void>;
  close(): Promise<void>;
}

export async function openShopDb(target: { dataDir: string; databaseUrl?: string }): Promise<ShopDb> {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    const numbered = (sql: string) => {
      let n = 0;
      return sql.replace(/\?/g, () => `$${++n}`);
    };
    return {
      all: async <T>(sql: string, params: unknown[] = []) => (await client.query(numbered(sql), params)).rows as T[],
      run: async (sql, params = []) => void (await client.query(numbered(sql), params)),
      close: () => client.end(),
    };
  }
  const db = new DatabaseSync(path.join(target.dataDir, 'shop.sqlite'));
  db.exec('PRAGMA busy_timeout = 5000');
  return {
    all: async <T>(sql: string, params: unknown[] = []) => db.prepare(sql).all(...(params as never[])) as T[],
    run: async (sql, params = []) => void db.prepare(sql).run(...(params as never[])),
    close: async () => db.close(),
  };
}
