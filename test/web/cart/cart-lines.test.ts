import { describe, expect, it } from 'vitest';
import { cartLines, lineTotalCents } from '../../../src/web/cart/cart-lines.ts';
import type { CartEntry } from '../../../src/shared/cart-constants.ts';
import type { ApiChosenGroup } from '../../../src/shared/dish-option-rules.ts';

/**
 * The cart page's lines (src/web/cart/cart-lines.ts): the cart holds one entry per unit, and the
 * page shows one line per dish and options, with a quantity.
 */
let counter = 0;
function entry(itemId: string, overrides: Partial<CartEntry> = {}): CartEntry {
  counter += 1;
  return { _id: `entry-${counter}`, itemId, name: `Dish ${itemId}`, price: 10, image: `/images/${itemId}.webp`, email: 'ann@example.com', ...overrides };
}

const size = (choice: 'small' | 'large'): ApiChosenGroup => ({ groupId: 'size', group: 'Size', choices: [{ id: choice, name: choice, price: choice === 'large' ? 2 : 0 }] });
const extras = (...ids: string[]): ApiChosenGroup => ({ groupId: 'extras', group: 'Extras', choices: ids.map((id) => ({ id, name: id, price: 1 })) });

describe('cartLines', () => {
  it('makes one line per dish, in the order each was first taken, with its entries as the quantity', () => {
    const entries = [entry('b'), entry('a'), entry('b'), entry('b')];
    const lines = cartLines(entries);
    expect(lines.map((line) => [line.itemId, line.entries.length])).toEqual([
      ['b', 3],
      ['a', 1],
    ]);
    expect(lines[0]!.entries.map((e) => e._id)).toEqual([entries[0]!._id, entries[2]!._id, entries[3]!._id]);
    expect(lines[0]).toMatchObject({ name: 'Dish b', image: '/images/b.webp', price: 10, options: [], selection: {} });
  });

  it('makes another line for the same dish with other options, and the same line for the same choices in any order', () => {
    const lines = cartLines([
      entry('a', { options: [size('large'), extras('nuts', 'seeds')] }),
      entry('a', { options: [size('small')] }),
      entry('a', { options: [extras('seeds', 'nuts'), size('large')] }),
      entry('a'),
    ]);
    expect(lines.map((line) => line.entries.length)).toEqual([2, 1, 1]);
    expect(lines[0]!.selection).toEqual({ size: ['large'], extras: ['nuts', 'seeds'] });
    expect(new Set(lines.map((line) => line.key)).size).toBe(3);
    // What + adds again: the first entry's options, as the API answered them.
    expect(lines[0]!.options).toEqual([size('large'), extras('nuts', 'seeds')]);
  });

  it('keeps each other price the entries were added at, once, and none when no price changed', () => {
    const lines = cartLines([
      entry('a', { price: 9, priceWhenAdded: 10 }),
      entry('a', { price: 9 }),
      entry('a', { price: 9, priceWhenAdded: 11 }),
      entry('a', { price: 9, priceWhenAdded: 10 }),
      entry('b'),
    ]);
    expect(lines[0]!.pricesWhenAdded).toEqual([10, 11]);
    expect(lines[1]!.pricesWhenAdded).toEqual([]);
  });

  it("carries why a line's options no longer fit the dish", () => {
    const [line, other] = cartLines([entry('a', { options: [size('small')], optionsProblem: 'Size: one of your choices is no longer offered' }), entry('b')]);
    expect(line!.optionsProblem).toBe('Size: one of your choices is no longer offered');
    expect(other!.optionsProblem).toBeUndefined();
  });

  it('answers no lines for an empty cart', () => {
    expect(cartLines([])).toEqual([]);
  });
});

describe('lineTotalCents', () => {
  it('sums whole cents, so no float creeps in (3 × $1.15 is 345 cents, not 344.99…)', () => {
    const [line] = cartLines([entry('a', { price: 1.15 }), entry('a', { price: 1.15 }), entry('a', { price: 1.15 })]);
    expect(lineTotalCents(line!)).toBe(345);
  });
});
