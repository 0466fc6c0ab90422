import { describe, expect, it } from 'vitest';
import type { DishFigure } from '../src/shared/stats.ts';
import { dishesSummary } from '../src/web/stats/chart-summaries.ts';
import { counted, ORDERS, PLATES } from '../src/web/stats/stats-format.ts';

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
