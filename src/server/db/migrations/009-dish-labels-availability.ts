import { sql, type Kysely } from 'kysely';

/**
 * Dish labels and availability (docs/decisions/0022-dish-pages-tags-search-availability.md).
 *
 * - `menu_items.tags`, `menu_items.allergens`: the dish's dietary tags and EU allergens, their keys
 *   (src/shared/dish-labels.ts) joined by commas, '' for none.
 * - `menu_items.sold_out`, `menu_items.hidden`: the two switches of Manage Items, 0 or 1 on both
 *   engines (a plain integer compares the same way in SQLite and PostgreSQL).
 * - `cart_removals`: the name of a dish that was deleted while in a customer's cart, until the
 *   cart page has told the customer once. Goes with the customer's account.
 *
 * Existing dishes get no labels and are on sale, as they were.
 */
export function up() {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('menu_items').addColumn('tags', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('menu_items').addColumn('allergens', 'text', (c) => c.notNull().defaultTo('')).execute();
    await db.schema
      .alterTable('menu_items')
      .addColumn('sold_out', 'integer', (c) => c.notNull().defaultTo(0).check(sql`sold_out in (0, 1)`))
      .execute();
    await db.schema
      .alterTable('menu_items')
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0).check(sql`hidden in (0, 1)`))
      .execute();

    await db.schema
      .createTable('cart_removals')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('cart_removals_user_idx').on('cart_removals').column('user_id').execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>) => {
    await db.schema.dropTable('cart_removals').execute();
    for (const column of ['hidden', 'sold_out', 'allergens', 'tags']) {
      await db.schema.alterTable('menu_items').dropColumn(column).execute();
    }
  };
}
