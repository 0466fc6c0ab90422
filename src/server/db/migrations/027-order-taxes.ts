import type { Kysely } from 'kysely';

/**
 * Taxes (docs/product.md §28): a dish's own rate (null: its category's default), and an order's
 * tax figures as computed when its payment intent was made (JSON: TaxSummary of
 * src/shared/order-totals.ts), copied onto the order; null on older ones (no tax).
 */
export function up() {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('menu_items').addColumn('tax_rate_id', 'text').execute();
    await db.schema.alterTable('payment_intents').addColumn('taxes', 'text').execute();
    await db.schema.alterTable('orders').addColumn('taxes', 'text').execute();
    // The order's tax summed apart, for the statistics (a JSON sum in SQL differs per database).
    await db.schema.alterTable('orders').addColumn('tax_cents', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('orders').dropColumn('tax_cents').execute();
    await db.schema.alterTable('orders').dropColumn('taxes').execute();
    await db.schema.alterTable('payment_intents').dropColumn('taxes').execute();
    await db.schema.alterTable('menu_items').dropColumn('tax_rate_id').execute();
  };
}
