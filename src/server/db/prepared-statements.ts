import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * How many different statement texts a process prepares. The shop's statements are compiled once
 * (compiled-once.ts) and their texts are few; a text made anew per call (an `in (…)` list of any
 * length) could otherwise fill every connection's memory with plans nobody runs again, so past
 * this many the rest run unprepared, as before.
 */
export const MOST_PREPARED_TEXTS = 500;

/**
 * Kysely's pool for PostgreSQL, with each statement that has parameters prepared once on each
 * connection (a named statement of node-postgres) and run again from there: PostgreSQL then parses
 * and plans it once per connection, not at every call. Parsing and planning were more than a third
 * of PostgreSQL's CPU in a card payment (docs/performance.md, "Prepared statements, and one
 * statement places an order").
 * A statement without parameters (BEGIN, COMMIT, a migration's script of several statements) goes
 * as it came: node-postgres sends it by the simple protocol, which cannot be prepared.
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
