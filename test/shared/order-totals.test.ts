import { describe, expect, it } from 'vitest';
import { divideRounded, orderTotals, spreadDiscount, taxLinesOf, type TaxRateRef, type TotalsInput } from '../../src/shared/order-totals.ts';

/**
 * The order's money (src/shared/order-totals.ts), worked by hand: per line, tax rounded half away
 * from zero; totals are sums of lines; a discount spread over the lines by their amounts before tax.
 */
const food: TaxRateRef = { id: 'food', name: 'Food 7 %', milliPercent: 7000 };
const drinks: TaxRateRef = { id: 'drinks', name: 'Drinks 19 %', milliPercent: 19000 };
const tenth: TaxRateRef = { id: 'ten', name: 'Ten 10 %', milliPercent: 10000 };

interface Case {
  name: string;
  input: TotalsInput;
  lines: [net: number, tax: number, gross: number][];
  rates: [id: string | null, net: number, tax: number, gross: number][];
  total: number;
}

const cases: Case[] = [
  {
    name: 'no rates set (the default): nothing changes, total = dishes + delivery',
    input: { mode: 'included', lines: [{ unitCents: 1450, quantity: 1, rate: null }], deliveryFeeCents: 300 },
    lines: [[1450, 0, 1450]],
    rates: [[null, 1450, 0, 1450]],
    total: 1750,
  },
  {
    name: 'tax included: 7 % of 14.50 is 0.95 (94.86 rounded)',
    input: { mode: 'included', lines: [{ unitCents: 1450, quantity: 1, rate: food }] },
    lines: [[1355, 95, 1450]],
    rates: [['food', 1355, 95, 1450]],
    total: 1450,
  },
  {
    name: 'tax added: 7 % on 14.50 is 1.02 (1.015 rounded up)',
    input: { mode: 'added', lines: [{ unitCents: 1450, quantity: 1, rate: food }] },
    lines: [[1450, 102, 1552]],
    rates: [['food', 1450, 102, 1552]],
    total: 1552,
  },
  {
    name: 'two rates in one order, included, with a delivery fee (untaxed)',
    input: {
      mode: 'included',
      lines: [
        { unitCents: 1000, quantity: 2, rate: food },
        { unitCents: 450, quantity: 1, rate: drinks },
      ],
      deliveryFeeCents: 300,
    },
    lines: [
      [1869, 131, 2000],
      [378, 72, 450],
    ],
    rates: [
      ['food', 1869, 131, 2000],
      ['drinks', 378, 72, 450],
    ],
    total: 2750,
  },
  {
    name: 'a discount lowers the taxed amount: 5.00 spread 4.09 / 0.91 (the remainder cent to the largest line)',
    input: {
      mode: 'included',
      lines: [
        { unitCents: 1000, quantity: 2, rate: food },
        { unitCents: 450, quantity: 1, rate: drinks },
      ],
      deliveryFeeCents: 300,
      discountCents: 500,
    },
    lines: [
      [1487, 104, 1591],
      [302, 57, 359],
    ],
    rates: [
      ['food', 1487, 104, 1591],
      ['drinks', 302, 57, 359],
    ],
    total: 2250,
  },
  {
    name: 'a discount with tax added comes off the net before tax',
    input: { mode: 'added', lines: [{ unitCents: 1000, quantity: 1, rate: tenth }], discountCents: 100 },
    lines: [[900, 90, 990]],
    rates: [['ten', 900, 90, 990]],
    total: 990,
  },
  {
    name: 'a refund of a line is exactly the negative of the line (half away from zero)',
    input: { mode: 'included', lines: [{ unitCents: 1450, quantity: -1, rate: food }] },
    lines: [[-1355, -95, -1450]],
    rates: [['food', -1355, -95, -1450]],
    total: -1450,
  },
  {
    name: 'halves round away from zero, on a sale and on its refund',
    input: {
      mode: 'added',
      lines: [
        { unitCents: 50, quantity: 1, rate: food },
        { unitCents: 50, quantity: -1, rate: food },
      ],
    },
    lines: [
      [50, 4, 54],
      [-50, -4, -54],
    ],
    rates: [['food', 0, 0, 0]],
    total: 0,
  },
  {
    name: 'totals are sums of rounded lines: three 3.5-cent taxes make 12, not 11',
    input: {
      mode: 'added',
      lines: [
        { unitCents: 50, quantity: 1, rate: food },
        { unitCents: 50, quantity: 1, rate: food },
        { unitCents: 50, quantity: 1, rate: food },
      ],
    },
    lines: [
      [50, 4, 54],
      [50, 4, 54],
      [50, 4, 54],
    ],
    rates: [['food', 150, 12, 162]],
    total: 162,
  },
  {
    name: 'a tip is untaxed and added last',
    input: { mode: 'added', lines: [{ unitCents: 1000, quantity: 1, rate: food }], tipCents: 150 },
    lines: [[1000, 70, 1070]],
    rates: [['food', 1000, 70, 1070]],
    total: 1220,
  },
];

describe('orderTotals', () => {
  it.each(cases)('$name', ({ input, lines, rates, total }) => {
    const totals = orderTotals(input);
    expect(totals.lines.map((l) => [l.netCents, l.taxCents, l.grossCents])).toEqual(lines);
    expect(totals.rates.map((r) => [r.rate?.id ?? null, r.netCents, r.taxCents, r.grossCents])).toEqual(rates);
    expect(totals.totalCents).toBe(total);
    // Every total is the sum of its lines.
    expect(totals.taxCents).toBe(lines.reduce((sum, l) => sum + l[1], 0));
    expect(totals.netCents + totals.taxCents).toBe(totals.grossCents);
    expect(totals.grossCents + totals.deliveryFeeCents + totals.tipCents).toBe(totals.totalCents);
  });

  it('keeps the discount it spread, and never more than the dishes', () => {
    const totals = orderTotals({ mode: 'included', lines: [{ unitCents: 300, quantity: 1, rate: food }], discountCents: 1000 });
    expect([totals.discountCents, totals.grossCents, totals.taxCents]).toEqual([300, 0, 0]);
  });

  it('gives receipts the taxed rates only', () => {
    const totals = orderTotals({
      mode: 'included',
      lines: [
        { unitCents: 1000, quantity: 1, rate: null },
        { unitCents: 450, quantity: 1, rate: drinks },
      ],
    });
    expect(taxLinesOf(totals)).toEqual([{ name: 'Drinks 19 %', milliPercent: 19000, netCents: 378, taxCents: 72, grossCents: 450 }]);
  });
});

describe('divideRounded and spreadDiscount', () => {
  it.each([
    [5, 2, 3],
    [-5, 2, -3],
    [4, 3, 1],
    [-4, 3, -1],
    [0, 7, 0],
  ])('%i / %i is %i', (n, d, q) => expect(divideRounded(n, d)).toBe(q));

  it.each([
    [[100, 100, 100], 100, [34, 33, 33]],
    [[2000, 450], 500, [409, 91]],
    [[100, -50], 30, [30, 0]],
    [[10, 20], 0, [0, 0]],
  ])('spreads over %j the discount %i as %j', (amounts, discount, shares) => expect(spreadDiscount(amounts, discount)).toEqual(shares));
});
