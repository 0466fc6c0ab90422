import type { Kysely } from 'kysely';

/**
 * The admin statistics count the payments and sum their amounts in SQL. A payment row is wide
 * (its JSON lists of entries, ids and names), so with 100,000 payments both engines read the
 * whole table for it; with this narrow index they read only the index (SQLite's covering index,
 * PostgreSQL's index-only scan). Growth figures in docs/performance.md.
 */
export function up() {
  return async (db: Kysely<unknown>) => {
    await db.schema.createIndex('payments_price_idx').on('payments').column('price_cents').execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>) => {
    await db.schema.dropIndex('payments_price_idx').execute();
  };
}
