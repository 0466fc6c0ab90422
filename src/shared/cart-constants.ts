/**
 * The cart's constants and arithmetic without Zod, so the web pages that need only these do not
 * download the schema library (see docs/decisions/0007-storefront.md, `categorySchema`).
 */

/** The most entries one cart may hold: a table's order, not a warehouse's. */
export const CART_MAX_ENTRIES = 100;

/** A cart entry as the API answers it (docs/product.md §3); the schema is `cartEntrySchema`. */
export interface CartEntry {
  _id: string;
  itemId: string;
  name: string;
  price: number;
  image: string;
  email: string;
}

/** The cart's total in cents: summed as integers, so 0.1 + 0.2 is exactly 0.30. */
export function cartTotalCents(entries: ReadonlyArray<{ price: number }>): number {
  return entries.reduce((sum, entry) => sum + Math.round(entry.price * 100), 0);
}
