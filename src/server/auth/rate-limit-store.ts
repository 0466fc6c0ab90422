import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

interface RouteInfo {
  method?: string | string[];
  url?: string;
}

/**
 * A store for @fastify/rate-limit that keeps the counters in the database, so that every process
 * of a scaled-out shop counts the same requests. One row per key (route and client address) with
 * a fixed window: an upsert starts a new window when the old one has ended, else adds one.
 */
export function databaseRateLimitStore(db: Kysely<Database>): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore {
    private readonly prefix: string;
    constructor(options: { routeInfo?: RouteInfo } = {}) {
      const info = options.routeInfo ?? {};
      this.prefix = info.url ? `${[info.method].flat().join(',')} ${info.url}|` : '|';
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      countRequest(db, this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // The plugin passes the route's merged options, with the route itself under `routeInfo`.
    child(routeOptions: object): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions as { routeInfo?: RouteInfo }) as unknown as FastifyRateLimitStore;
    }
  }
  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/** Counts one request under `key` in its window of `timeWindow` ms: how many so far, and the ms left. */
export async function countRequest(db: Kysely<Database>, key: string, timeWindow: number): Promise<{ current: number; ttl: number }> {
  const now = Date.now();
  const resetAt = now + timeWindow;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, reset_at_ms: resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.reset_at_ms <= ${now} then 1 else rate_limits.count + 1 end`,
        reset_at_ms: sql<number>`case when rate_limits.reset_at_ms <= ${now} then ${resetAt} else rate_limits.reset_at_ms end`,
      }),
    )
    .returning(['count', 'reset_at_ms'])
    .executeTakeFirstOrThrow();
  // Old windows are cleared now and then rather than on every request.
  if (Math.random() < 0.01) await db.deleteFrom('rate_limits').where('reset_at_ms', '<=', now).execute();
  return { current: Number(row.count), ttl: Math.max(0, Number(row.reset_at_ms) - now) };
}
