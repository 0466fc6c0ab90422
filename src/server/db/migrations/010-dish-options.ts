import type { Kysely } from 'kysely';

/**
 * Dish options (docs/decisions/0023-dish-options.md). Three JSON text columns, NULL when there
 * are none, so existing rows need no change and keep meaning what they meant:
 *
 * - `menu_items.options`: the dish's choice groups (OptionGroup[], src/shared/dish-option-rules.ts).
 * - `cart_items.options`: the choices an entry was added with, with names and cents then
 *   (ChosenGroup[]); checked and priced again against the dish's groups when the cart is read
 *   and paid.
 * - `order_lines.options`: the choices of the line as paid (ChosenGroup[]). The statistics sum
 *   lines per dish whatever their options, so they need nothing more.
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
