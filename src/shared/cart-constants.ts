import type { Unavailable } from './dish-availability.ts';
import type { ApiChosenGroup } from './dish-option-rules.ts';

/** Zod-free, so pages needing only these don't download the schema library (decision 0007). */

/** The most entries one cart may hold: a table's order, not a warehouse's. */
export const CART_MAX_ENTRIES = 100;

/** `price` is today's, which the payment charges; `priceWhenAdded` appears only when it differed. */
export interface CartEntry {
  _id: string;
  itemId: string;
  name: string;
  price: number;
  image: string;
  email: string;
  priceWhenAdded?: number;
  /** Present only when set: such an entry stops the payment. */
  unavailable?: Unavailable;
  /** Priced today, like `price`. */
  options?: ApiChosenGroup[];
  /** Set when the options no longer fit the dish, which stops the payment. */
  optionsProblem?: string;
}

/** The offer price wins while there is one: the cart and the payment charge this. */
export function dishPriceCents(dish: { priceCents: number; newPriceCents: number | null }): number {
  return dish.newPriceCents ?? dish.priceCents;
}

export function repricedEntries<T extends CartEntry>(entries: readonly T[]): Array<T & { priceWhenAdded: number }> {
  return entries.filter((entry): entry is T & { priceWhenAdded: number } => entry.priceWhenAdded !== undefined);
}


/** Summed as integer cents, so 0.1 + 0.2 is exactly 0.30. */
export function cartTotalCents(entries: ReadonlyArray<{ price: number }>): number {
  return entries.reduce((sum, entry) => sum + Math.round(entry.price * 100), 0);
}
