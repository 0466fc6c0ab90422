import type { CartEntry } from '../../shared/cart-constants.ts';
import { chosenFromApi, selectionKey, selectionOf, type ApiChosenGroup, type OptionSelection } from '../../shared/dish-option-rules.ts';

/**
 * One dish of the cart, with its options, and its quantity: the cart holds one entry per unit
 * (docs/product.md §7); entries of a dish with other options are another line.
 */
export interface CartLine {
  /** The dish and its options: what tells two lines apart. */
  key: string;
  itemId: string;
  name: string;
  image: string;
  /** The unit price, as the cart charges it: the dish's price today. */
  price: number;
  /** The other prices its entries were added at, when the price changed since (none otherwise). */
  pricesWhenAdded: number[];
  /** The chosen options, and the same as ids: what + adds again. */
  options: ApiChosenGroup[];
  selection: OptionSelection;
  /** Why the line cannot be paid as it is (its options no longer fit the dish). */
  optionsProblem?: string;
  entries: CartEntry[];
}

/** The cart's entries as one line per dish and options, in the order they were first taken. */
export function cartLines(entries: readonly CartEntry[]): CartLine[] {
  const lines = new Map<string, CartLine>();
  for (const entry of entries) {
    const options = entry.options ?? [];
    const selection = selectionOf(chosenFromApi(options));
    const key = `${entry.itemId}|${selectionKey(selection)}`;
    let line = lines.get(key);
    if (!line) {
      line = { key, itemId: entry.itemId, name: entry.name, image: entry.image, price: entry.price, pricesWhenAdded: [], options, selection, entries: [] };
      if (entry.optionsProblem) line.optionsProblem = entry.optionsProblem;
      lines.set(key, line);
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
