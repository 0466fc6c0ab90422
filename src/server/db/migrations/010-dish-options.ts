import type { Kysely } from 'kysely';

/**
 * Dish options (decision 0023): nullable JSON columns, so existing rows need no change. Cart
 * entries keep the choices with names and cents as added, re-checked against the dish when the
 * cart is read and paid; statistics sum lines per dish whatever their options.
 */
export function up() {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('menu_items').addColumn('options', 'text').execute();
    await db.schema.alterTable('cart_items').addColumn('options', 'text').execute();
    await db.schema.alterTable('order_lines').addColumn('options', 'text').execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('order_lines').dropColumn('options').execute();
    await db.schema.alterTable('cart_items').dropColumn('options').execute();
    await db.schema.alterTable('menu_items').dropColumn('options').execute();
  };
}
