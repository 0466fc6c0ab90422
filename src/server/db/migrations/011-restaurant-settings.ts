import type { Kysely } from 'kysely';

/**
 * The restaurant's settings (docs/decisions/0024-restaurant-settings.md).
 *
 * - `restaurant_settings`: one row (`id = 'restaurant'`) holding the settings as JSON, read whole
 *   and written whole by the administrator's form. No row means the defaults (open all day, every
 *   way offered, no fee): a shop upgraded with rows keeps working as it did.
 * - `payment_intents.delivery_fee_cents` and `orders.delivery_fee_cents`: the fee charged with a
 *   delivery, part of the amount, kept on the order for its receipt. 0 for every existing row,
 *   which had none.
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
