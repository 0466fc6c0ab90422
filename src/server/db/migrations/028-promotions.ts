import type { Kysely } from 'kysely';

/**
 * Promo codes (src/server/promotions/): each promotion and its rules, one row per order that used
 * one (for "once per customer" and the use count), and the discount kept on the payment and the
 * order so the receipt, board and exports show what was granted then.
 */
export function up() {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('promotions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('code', 'text', (c) => c.notNull())
      // The code in upper case: the unique index makes "summer10" and "SUMMER10" one code.
      .addColumn('code_key', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('minimum_order_cents', 'integer', (c) => c.notNull())
      .addColumn('valid_from', 'text')
      .addColumn('valid_to', 'text')
      .addColumn('max_uses', 'integer')
      .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('once_per_customer', 'integer', (c) => c.notNull())
      .addColumn('first_order_only', 'integer', (c) => c.notNull())
      .addColumn('paused', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('promotions_code_key').on('promotions').column('code_key').unique().execute();
    await db.schema
      .createTable('promotion_uses')
      .addColumn('intent_id', 'text', (c) => c.primaryKey())
      .addColumn('promotion_id', 'text', (c) => c.notNull().references('promotions.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('promotion_uses_promotion_user').on('promotion_uses').columns(['promotion_id', 'user_id']).execute();
    for (const table of ['payment_intents', 'orders']) {
      await db.schema.alterTable(table).addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable(table).addColumn('promo_code', 'text').execute();
    }
  };
}

export function down() {
  return async (db: Kysely<unknown>) => {
    for (const table of ['orders', 'payment_intents']) {
      await db.schema.alterTable(table).dropColumn('promo_code').execute();
      await db.schema.alterTable(table).dropColumn('discount_cents').execute();
    }
    await db.schema.dropTable('promotion_uses').execute();
    await db.schema.dropTable('promotions').execute();
  };
}
