import { sql, type Kysely } from 'kysely';

/**
 * Dish labels and availability (decision 0022). Tags and allergens are comma-joined keys of
 * src/shared/dish-labels.ts ('' for none); `sold_out` and `hidden` are 0/1 integers, which compare
 * alike on both engines. `cart_removals` keeps a deleted dish's name until the cart page has said so once.
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
