import { sql, type Kysely } from 'kysely';

/**
 * Cart entries, payment intents and payment records. Entries cascade with their dish (nobody pays
 * for a deleted dish); `payments.transaction_id` is unique so concurrent confirmations record once;
 * payments keep the buyer's name and e-mail and survive the user's deletion, so revenue stays what was paid.
 */
export function up() {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('cart_items')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('menu_item_id', 'text', (c) => c.notNull().references('menu_items.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
      .addColumn('image', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('cart_items_user_idx').on('cart_items').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('cart_items_menu_item_idx').on('cart_items').column('menu_item_id').execute();

    await db.schema
      .createTable('payment_intents')
      // The provider's id (pi_…): the spec's transactionId.
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      /**
       * JSON list of the cart entries the amount was computed from (entry id, menu item id, name,
       * cents), kept so the payment record says what was paid even if an entry is gone meanwhile.
       */
      .addColumn('items', 'text', (c) => c.notNull())
      /** Sandbox only: the intent's secret and state live here (the provider is the shop). */
      .addColumn('client_secret', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('payment_intents_user_idx').on('payment_intents').column('user_id').execute();

    await db.schema
      .createTable('payments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('transaction_id', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      /** JSON lists: cart entry ids, menu item ids and item names, as the spec's record has them. */
      .addColumn('cart_item_ids', 'text', (c) => c.notNull())
      .addColumn('menu_item_ids', 'text', (c) => c.notNull())
      .addColumn('item_names', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('payments_user_idx').on('payments').columns(['user_id', 'created_at']).execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>) => {
    for (const table of ['payments', 'payment_intents', 'cart_items']) {
      await db.schema.dropTable(table).execute();
    }
  };
}
