import type { Kysely } from 'kysely';

/**
 * Restaurant settings (decision 0024): one JSON row, read and written whole; no row means the
 * defaults (always open, every way offered, no fee). The delivery fee is copied onto intents and
 * orders for receipts; existing rows get 0.
 */
export function up() {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('restaurant_settings')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('payment_intents').addColumn('delivery_fee_cents', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('orders').addColumn('delivery_fee_cents', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('orders').dropColumn('delivery_fee_cents').execute();
    await db.schema.alterTable('payment_intents').dropColumn('delivery_fee_cents').execute();
    await db.schema.dropTable('restaurant_settings').execute();
  };
}
