import type { Kysely } from 'kysely';
import { CART_MAX_ENTRIES, dishPriceCents, type CartEntry } from '../../shared/cart.ts';
import { unavailableReason } from '../../shared/dish-availability.ts';
import {
  checkSelection,
  chosenToApi,
  defaultSelection,
  readChosen,
  readOptionGroups,
  selectionOf,
  type ChosenGroup,
  type OptionSelection,
} from '../../shared/dish-option-rules.ts';
import { readDishTranslations, translateChosen } from '../../shared/dish-translations.ts';
import { SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.ts';
import { centsToPrice } from '../../shared/money.ts';
import type { Database } from '../db/schema.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../http/errors.ts';
import { findMenuItem } from '../menu/menu-repository.ts';
import type { MenuCatalog } from '../menu/menu-service.ts';
import {
  deleteCartItem,
  deleteCartRemovals,
  insertCartItemUnlessFull,
  listCartRemovals,
  listPricedCartItems,
  recordRemovedDish,
  type PricedCartItemRow,
} from './cart-repository.ts';
import { newRowId } from '../db/row-ids.ts';
import { say } from '../i18n/wording.ts';

/** An entry as it would be paid today: its price in cents, its options, and what stops it from being paid. */
export interface PricedEntry {
  priceCents: number;
  chosen: ChosenGroup[];
  /** The entry's options no longer fit the dish (a choice removed, a group added): the payment is refused with this. */
  problem?: string;
}

/**
 * What an entry costs now, in cents: its dish's price on today's menu plus its options at today's
 * prices, checked again against the dish's groups as they are now (docs/decisions/0023-dish-options.md).
 * Options that no longer fit keep the prices they were added at and carry the reason.
 */
export function priceEntry(row: PricedCartItemRow): PricedEntry {
  const base = dishPriceCents({ priceCents: row.menu_price_cents, newPriceCents: row.menu_new_price_cents });
  const stored = readChosen(row.options);
  const groups = readOptionGroups(row.menu_options);
  if (stored.length === 0 && groups.length === 0) return { priceCents: base, chosen: [] };
  const check = checkSelection(groups, selectionOf(stored));
  if (check.ok) return { priceCents: base + check.extraCents, chosen: check.chosen };
  // The customer knows the choice by the name it had: say which one went.
  const offered = new Set(groups.flatMap((group) => group.choices.map((choice) => `${group.id}/${choice.id}`)));
  const gone = stored.flatMap((group) => group.choices.filter((choice) => !offered.has(`${group.groupId}/${choice.id}`)).map((choice) => choice.name));
  const reason = gone.length > 0 ? `${gone.join(', ')} ${gone.length === 1 ? 'is' : 'are'} no longer offered` : check.error;
  const storedExtra = stored.reduce((sum, group) => sum + group.choices.reduce((s, choice) => s + choice.priceCents, 0), 0);
  return {
    priceCents: base + storedExtra,
    chosen: stored,
    problem: `${row.name}: ${reason}. Delete it from your cart and add the dish again.`,
  };
}

/**
 * The entry as the API answers it: `price` is today's, which the payment charges; the price it was
 * added at is told beside it only when it differs (docs/decisions/0021-one-charge-per-cart.md).
 * In `language`, the dish's and its options' names are the owner's texts there where it has them
 * (as the menu shows them); English is the name the entry was added by, which the order keeps.
 */
export function toCartEntry(row: PricedCartItemRow, ownerEmail: string, language: Language = SOURCE_LANGUAGE): CartEntry {
  const priced = priceEntry(row);
  const today = priced.priceCents;
  const texts = language === SOURCE_LANGUAGE ? undefined : readDishTranslations(row.menu_translations)[language];
  const entry: CartEntry = {
    _id: row.id,
    itemId: row.menu_item_id,
    name: texts?.name || row.name,
    price: centsToPrice(today),
    image: row.image,
    email: ownerEmail,
  };
  if (row.price_cents !== today) entry.priceWhenAdded = centsToPrice(row.price_cents);
  const unavailable = entryUnavailable(row);
  if (unavailable) entry.unavailable = unavailable;
  if (priced.chosen.length > 0) entry.options = chosenToApi(translateChosen(priced.chosen, texts));
  if (priced.problem) entry.optionsProblem = priced.problem;
  return entry;
}

/** The owner's cart as the API answers it, oldest entry first, its dishes named in `language`. */
export async function cartEntriesOf(db: Kysely<Database>, userId: string, ownerEmail: string, language: Language = SOURCE_LANGUAGE): Promise<CartEntry[]> {
  return (await listPricedCartItems(db, userId)).map((row) => toCartEntry(row, ownerEmail, language));
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
    if (reason) throw new ConflictError(say(reason === 'sold-out' ? 'error.cart.payableSoldOut' : 'error.cart.payableGone', { name: row.name }));
  }
}

/**
 * Puts a menu item in the caller's cart. The name, price and image are the menu's, read now: a
 * price sent by the browser is never trusted. An item on offer costs its new price. The options
 * are checked against the dish's groups and priced from them (400 with the reason); without a
 * selection the dish's default is taken (each required group's first choices).
 */
export async function addToCart(db: Kysely<Database>, userId: string, itemId: string, selection?: OptionSelection): Promise<string> {
  const item = await findMenuItem(db, itemId);
  if (!item) throw new NotFoundError(say('error.cart.noSuchItem'));
  const reason = unavailableReason({ soldOut: item.sold_out === 1, hidden: item.hidden === 1 });
  if (reason) throw new ConflictError(say(reason === 'sold-out' ? 'error.cart.soldOut' : 'error.cart.notOnMenu', { name: item.name }));
  const groups = readOptionGroups(item.options);
  const check = checkSelection(groups, selection ?? defaultSelection(groups));
  if (!check.ok) throw new BadRequestError(check.error, { options: [check.error] });
  const id = newRowId();
  const inserted = await insertCartItemUnlessFull(db, {
    id,
    user_id: userId,
    menu_item_id: item.id,
    name: item.name,
    price_cents: dishPriceCents({ priceCents: item.price_cents, newPriceCents: item.new_price_cents }) + check.extraCents,
    image: item.image,
    options: check.chosen.length > 0 ? JSON.stringify(check.chosen) : null,
    created_at: new Date().toISOString(),
  }, CART_MAX_ENTRIES);
  if (!inserted) throw new ConflictError(say('error.cart.full', { max: CART_MAX_ENTRIES }));
  return id;
}

/** Deletes the owner's entry; another customer's is as unknown to them as one that never existed (404). */
export async function deleteFromCart(db: Kysely<Database>, userId: string, id: string): Promise<number> {
  const deletedCount = await deleteCartItem(db, userId, id);
  if (deletedCount === 0) throw new NotFoundError(say('error.cart.noSuchEntry'));
  return deletedCount;
}

/** The dishes deleted from the menu while in the owner's cart, each to be named once (docs/product.md §18). */
export async function removedDishesOf(db: Kysely<Database>, userId: string): Promise<{ _id: string; name: string }[]> {
  return (await listCartRemovals(db, userId)).map((row) => ({ _id: row.id, name: row.name }));
}

/** The cart page has named it: the notice goes (another customer's id deletes nothing). */
export async function dismissRemovedDish(db: Kysely<Database>, userId: string, id: string): Promise<number> {
  return deleteCartRemovals(db, userId, [id]);
}

/**
 * The cart's part in a dish's deletion (docs/product.md §18): each customer who had it is told its
 * name, recorded in the deletion's own transaction, before the cascade takes their entries.
 */
export function subscribeCartToMenu(menu: MenuCatalog): void {
  menu.onDishDeleting((trx, menuItemId) => recordRemovedDish(trx, menuItemId));
}

/** The cart's calls for its routes and the account's export (app.cart, cart-plugin.ts). */
export class CartService {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  entriesOf(userId: string, ownerEmail: string, language?: Language): Promise<CartEntry[]> {
    return cartEntriesOf(this.db, userId, ownerEmail, language);
  }

  add(userId: string, itemId: string, selection?: OptionSelection): Promise<string> {
    return addToCart(this.db, userId, itemId, selection);
  }

  delete(userId: string, id: string): Promise<number> {
    return deleteFromCart(this.db, userId, id);
  }

  removedDishesOf(userId: string): Promise<{ _id: string; name: string }[]> {
    return removedDishesOf(this.db, userId);
  }

  dismissRemovedDish(userId: string, id: string): Promise<number> {
    return dismissRemovedDish(this.db, userId, id);
  }
}
