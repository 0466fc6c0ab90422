import type { CartEntry } from '../../shared/cart-constants.ts';

/** One dish of the cart with its quantity: the cart holds one entry per unit (docs/product.md §7). */
export interface CartLine {
  itemId: string;
  name: string;
  image: string;
  /** The unit price, as the cart charges it: the dish's price today. */
  price: number;
  /** The other prices its entries were added at, when the price changed since (none otherwise). */
  pricesWhenAdded: number[];
  entries: CartEntry[];
}

/** The cart's entries as one line per dish, in the order the dishes were first taken. */
export function cartLines(entries: readonly CartEntry[]): CartLine[] {
  const lines = new Map<string, CartLine>();
  for (const entry of entries) {
    let line = lines.get(entry.itemId);
    if (!line) {
      line = { itemId: entry.itemId, name: entry.name, image: entry.image, price: entry.price, pricesWhenAdded: [], entries: [] };
      lines.set(entry.itemId, line);
    }
    line.entries.push(entry);
    if (entry.priceWhenAdded !== undefined && !line.pricesWhenAdded.includes(entry.priceWhenAdded)) line.pricesWhenAdded.push(entry.priceWhenAdded);
  }
  return [...lines.values()];
}

/** A line's total in cents: the unit price in cents times the quantity, so no float creeps in. */
export function lineTotalCents(line: CartLine): number {
  return line.entries.reduce((sum, entry) => sum + Math.round(entry.price * 100), 0);
}
