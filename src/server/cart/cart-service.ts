import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CART_MAX_ENTRIES, type CartEntry } from '../../shared/cart.ts';
import { centsToPrice } from '../../shared/money.ts';
import type { Database } from '../db/schema.ts';
import { ConflictError, NotFoundError } from '../http/errors.ts';
import { findMenuItem } from '../menu/menu-repository.ts';
import { countCartItems, insertCartItem, type CartItemRow } from './cart-repository.ts';

export function toCartEntry(row: CartItemRow, ownerEmail: string): CartEntry {
  return {
    _id: row.id,
    itemId: row.menu_item_id,
    name: row.name,
    price: centsToPrice(row.price_cents),
    image: row.image,
    email: ownerEmail,
  };
}

/**
 * Puts a menu item in the caller's cart. The name, price and image are the menu's, read now: a
 * price sent by the browser is never trusted. An item on offer costs its new price.
 */
export async function addToCart(db: Kysely<Database>, userId: string, itemId: string): Promise<string> {
  const item = await findMenuItem(db, itemId);
  if (!item) throw new NotFoundError('No such menu item');
  if ((await countCartItems(db, userId)) >= CART_MAX_ENTRIES) {
    throw new ConflictError(`A cart holds at most ${CART_MAX_ENTRIES} items. Pay for these first.`);
  }
  const id = randomUUID();
  await insertCartItem(db, {
    id,
    user_id: userId,
    menu_item_id: item.id,
    name: item.name,
    price_cents: item.new_price_cents ?? item.price_cents,
    image: item.image,
    created_at: new Date().toISOString(),
  });
  return id;
}
