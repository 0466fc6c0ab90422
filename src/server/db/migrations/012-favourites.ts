import type { Kysely } from 'kysely';

/**
 * Favourites (decision 0025): one row per customer and dish, cascading with either; the index on
 * the dish serves that cascade.
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
