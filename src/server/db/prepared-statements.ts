import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * Cap on distinct prepared texts per process: a text made per call (an `in (…)` list of any
 * length) would otherwise fill each connection with plans never reused; past it, texts run unprepared.
 */
export const MOST_PREPARED_TEXTS = 500;

/**
 * Kysely's PostgreSQL pool with every statement that has parameters prepared once per connection
 * (a named node-postgres statement), so PostgreSQL parses and plans it once, not per call.
 * Parameterless statements (BEGIN, COMMIT, multi-statement migration scripts) go unprepared: the
 * simple protocol they use cannot be prepared.
 */
export function preparingPool(pool: pg.Pool, mostTexts = MOST_PREPARED_TEXTS): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < mostTexts) {
      name = `shop_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
  // One wrapper for each of the pool's clients: Kysely keeps its connection object by client.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    // A string with its parameters, or a cursor (Kysely's streaming), which goes as it came.
    query: ((text: string, values?: unknown[]) => {
      const name = values !== undefined && values.length > 0 ? nameOf(text) : undefined;
      return name === undefined ? client.query(text, values) : client.query({ name, text, values });
    }) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (wrapper === undefined) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    end: () => pool.end(),
  };
}
