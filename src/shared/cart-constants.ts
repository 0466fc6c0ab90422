import type { Unavailable } from './dish-availability.ts';
import type { ApiChosenGroup } from './dish-option-rules.ts';

/**
 * The cart's constants and arithmetic without Zod, so the web pages that need only these do not
 * download the schema library (see docs/decisions/0007-storefront.md, `categorySchema`).
 */

/** The most entries one cart may hold: a table's order, not a warehouse's. */
export const CART_MAX_ENTRIES = 100;

/**
 * A cart entry as the API answers it (docs/product.md §3); the schema is `cartEntrySchema`.
 * `price` is what the dish costs today, which is what the payment charges; `priceWhenAdded` is
 * there only when the price was different when the dish went into the cart.
 */
export interface CartEntry {
  _id: string;
  itemId: string;
  name: string;
  price: number;
  image: string;
  email: string;
  priceWhenAdded?: number;
  /** Only when the dish cannot be ordered now: this entry stops the payment (src/shared/dish-availability.ts). */
  unavailable?: Unavailable;
  /** The chosen options, priced today (docs/decisions/0023-dish-options.md); absent without options. */
  options?: ApiChosenGroup[];
  /** Why this entry cannot be paid as it is: its options no longer fit the dish. */
  optionsProblem?: string;
}

/**
 * What a dish costs today, in cents: its new price while it has one (the menu shows it as 'New
 * Price', docs/product.md §2.4), else its price. The cart and the payment charge this.
 */
export function dishPriceCents(dish: { priceCents: number; newPriceCents: number | null }): number {
  return dish.newPriceCents ?? dish.priceCents;
}

/** The cart's entries whose price changed since they were added. */
export function repricedEntries<T extends CartEntry>(entries: readonly T[]): Array<T & { priceWhenAdded: number }> {
  return entries.filter((entry): entry is T & { priceWhenAdded: number } => entry.priceWhenAdded !== undefined);
}

/** The words of a changed price, on the cart's line and in the notices of the cart and payment pages. */
export function priceChangeText(was: readonly number[], now: number): string {
  return `Price changed: was $${was.map((p) => p.toFixed(2)).join(' or $')}, now $${now.toFixed(2)}`;
}

export const PRICE_CHANGE_NOTICE = 'Some prices changed since you put these dishes in your cart. You pay today\'s prices:';

/** The cart's total in cents: summed as integers, so 0.1 + 0.2 is exactly 0.30. */
export function cartTotalCents(entries: ReadonlyArray<{ price: number }>): number {
  return entries.reduce((sum, entry) => sum + Math.round(entry.price * 100), 0);
}
