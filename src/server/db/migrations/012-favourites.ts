import type { Kysely } from 'kysely';

/**
 * Favourites (docs/decisions/0025-favourites-and-the-phone-cart.md): the dishes a customer saved
 * with the heart on the menu, one row per customer and dish (the primary key makes saving twice
 * one row). A favourite goes with its dish and with its customer's account (`on delete cascade`),
 * so a deleted dish leaves no favourite behind. The index on the dish serves that cascade.
 *
 * The numbers 009 to 011 are left to other changes made at the same time.
 */
export function up() {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('favourites')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('menu_item_id', 'text', (c) => c.notNull().references('menu_items.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('favourites_pk', ['user_id', 'menu_item_id'])
      .execute();
    await db.schema.createIndex('favourites_menu_item_idx').on('favourites').column('menu_item_id').execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>) => {
    await db.schema.dropTable('favourites').execute();
  };
}
