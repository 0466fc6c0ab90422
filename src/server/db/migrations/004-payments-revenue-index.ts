import type { Kysely } from 'kysely';

/**
 * A narrow index so the statistics' count and sum of payments read the index alone (SQLite's
 * covering index, PostgreSQL's index-only scan) instead of the wide payment rows.
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
