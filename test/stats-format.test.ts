import { describe, expect, it } from 'vitest';
import type { DishFigure } from '../src/shared/stats.ts';
import { dishesSummary } from '../src/web/stats/chart-summaries.ts';
import { translatorFor } from '../src/server/i18n/translator.ts';
import { count, counted, describeChange, formatRange, money, ORDERS, PLATES } from '../src/web/stats/stats-format.ts';

describe('counted: nouns by the plural rule', () => {
  it('says "1 plate", "0 plates" and "2 plates", never "1 plates"', () => {
    expect(counted(1, PLATES)).toBe('1 plate');
    expect(counted(0, PLATES)).toBe('0 plates');
    expect(counted(2, PLATES)).toBe('2 plates');
    expect(counted(1200, ORDERS)).toBe('1,200 orders');
    expect(counted(1, ORDERS)).toBe('1 order');
  });

  it('words the chart summaries with it', () => {
    const dish = (quantity: number): DishFigure => ({ itemId: 'a', name: 'Alfalfa salad', quantity, revenue: 5 * quantity });
    expect(dishesSummary([dish(1)], 'quantity')).toBe('Top 1 dish by plates sold: 1. Alfalfa salad, 1 plate.');
  });
});

describe("the admin home's figures in the reader's language", () => {
  const en = translatorFor('en');
  const de = translatorFor('de');

  it('keeps English as it was: "$ 1,234.50", British days, the changes in words', () => {
    expect(money(1234.5)).toBe('$ 1,234.50');
    expect(formatRange({ from: '2026-03-22', to: '2026-03-28' })).toBe('Sun, 22 Mar 2026 – Sat, 28 Mar 2026');
    expect(describeChange({ value: 120, previous: 100, difference: 20, percent: 20 }, (n) => money(n), en)).toEqual({
      text: '↗ $ 20.00 (20%)',
      words: 'up $ 20.00, 20 percent, on the previous period',
    });
    expect(describeChange({ value: 5, previous: null, difference: null, percent: null }, (n) => count(n), en)).toEqual({
      text: 'no earlier data',
      words: 'no earlier data to compare with',
    });
    expect(en('stats.tile.refunds.note', { count: 1, shown: count(1) })).toBe('1 order refunded');
    expect(en('stats.tile.refunds.note', { count: 1200, shown: count(1200) })).toBe('1,200 orders refunded');
  });

  it('words them in German, with German money, numbers, days and plurals', () => {
    expect(money(1234.5, 'de')).toMatch(/^1\.234,50\s\$$/);
    expect(count(1200, 'de')).toBe('1.200');
    expect(formatRange({ from: '2026-03-22', to: '2026-03-28' }, 'de')).toBe('So., 22. März 2026 – Sa., 28. März 2026');
    expect(describeChange({ value: 80, previous: 100, difference: -20, percent: -20 }, (n) => money(n, 'de'), de).words).toMatch(
      /^20,00\s\$ weniger, 20 Prozent, als im vorigen Zeitraum$/,
    );
    expect(de('stats.tile.refunds.note', { count: 1, shown: count(1, 'de') })).toBe('1 Bestellung erstattet');
    expect(de('stats.tile.refunds.note', { count: 3, shown: count(3, 'de') })).toBe('3 Bestellungen erstattet');
    expect(de('stats.period.last7')).toBe('Letzte 7 Tage');
  });
});
