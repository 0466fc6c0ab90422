import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CART_MAX_ENTRIES, dishPriceCents, type CartEntry } from '../../shared/cart.ts';
import { cannotAddMessage, cannotPayMessage, unavailableReason } from '../../shared/dish-availability.ts';
import { centsToPrice } from '../../shared/money.ts';
import type { Database } from '../db/schema.ts';
import { ConflictError, NotFoundError } from '../http/errors.ts';
import { findMenuItem } from '../menu/menu-repository.ts';
import { countCartItems, insertCartItem, type PricedCartItemRow } from './cart-repository.ts';

/** What an entry costs now, in cents: its dish's price on today's menu, not the one it was added at. */
export function entryPriceCents(row: PricedCartItemRow): number {
  return dishPriceCents({ priceCents: row.menu_price_cents, newPriceCents: row.menu_new_price_cents });
}

/**
 * The entry as the API answers it: `price` is today's, which the payment charges; the price it was
 * added at is told beside it only when it differs (docs/decisions/0021-one-charge-per-cart.md).
 */
export function toCartEntry(row: PricedCartItemRow, ownerEmail: string): CartEntry {
  const today = entryPriceCents(row);
  const entry: CartEntry = {
    _id: row.id,
    itemId: row.menu_item_id,
    name: row.name,
    price: centsToPrice(today),
    image: row.image,
    email: ownerEmail,
  };
  if (row.price_cents !== today) entry.priceWhenAdded = centsToPrice(row.price_cents);
  const unavailable = entryUnavailable(row);
  if (unavailable) entry.unavailable = unavailable;
  return entry;
}

/** Why the entry's dish cannot be ordered now (sold out or hidden), if it cannot. */
export function entryUnavailable(row: PricedCartItemRow) {
  return unavailableReason({ soldOut: row.menu_sold_out === 1, hidden: row.menu_hidden === 1 });
}

/**
 * The payment's check (docs/product.md §18): a cart holding a sold-out or hidden dish is not paid
 * for; 409 naming the first such entry, which the cart page marks.
 */
export function refuseUnavailableEntries(rows: readonly PricedCartItemRow[]): void {
  for (const row of rows) {
    const reason = entryUnavailable(row);
    if (reason) throw new ConflictError(cannotPayMessage(row.name, reason));
  }
}

/**
 * Puts a menu item in the caller's cart. The name, price and image are the menu's, read now: a
 * price sent by the browser is never trusted. An item on offer costs its new price.
 */
export async function addToCart(db: Kysely<Database>, userId: string, itemId: string): Promise<string> {
  const item = await findMenuItem(db, itemId);
  if (!item) throw new NotFoundError('No such menu item');
  const reason = unavailableReason({ soldOut: item.sold_out === 1, hidden: item.hidden === 1 });
  if (reason) throw new ConflictError(cannotAddMessage(item.name, reason));
  if ((await countCartItems(db, userId)) >= CART_MAX_ENTRIES) {
    throw new ConflictError(`A cart holds at most ${CART_MAX_ENTRIES} items. Pay for these first.`);
  }
  const id = randomUUID();
  await insertCartItem(db, {
    id,
    user_id: userId,
    menu_item_id: item.id,
    name: item.name,
    price_cents: dishPriceCents({ priceCents: item.price_cents, newPriceCents: item.new_price_cents }),
    image: item.image,
    created_at: new Date().toISOString(),
  });
  return id;
}
