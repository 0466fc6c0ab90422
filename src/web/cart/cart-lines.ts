import type { CartEntry } from '../../shared/cart-constants.ts';

/** One dish of the cart with its quantity: the cart holds one entry per unit (docs/product.md §7). */
export interface CartLine {
  itemId: string;
  name: string;
  image: string;
  /** The unit price, as the cart charges it. */
  price: number;
  entries: CartEntry[];
}

/** The cart's entries as one line per dish, in the order the dishes were first taken. */
export function cartLines(entries: readonly CartEntry[]): CartLine[] {
  const lines = new Map<string, CartLine>();
  for (const entry of entries) {
    const line = lines.get(entry.itemId);
    if (line) line.entries.push(entry);
    else lines.set(entry.itemId, { itemId: entry.itemId, name: entry.name, image: entry.image, price: entry.price, entries: [entry] });
  }
  return [...lines.values()];
}

/** A line's total in cents: the unit price in cents times the quantity, so no float creeps in. */
export function lineTotalCents(line: CartLine): number {
  return line.entries.reduce((sum, entry) => sum + Math.round(entry.price * 100), 0);
}
