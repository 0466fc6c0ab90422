import { describe, expect, it } from 'vitest';
import type { Order } from '../../../src/shared/orders.ts';
import { lineQuantitiesLeft, refundLeftCents } from '../../../src/web/orders/order-format.ts';

/**
 * What the Refund dialog offers (src/web/orders/order-format.ts): the paid total less every
 * refund not failed, and each line's quantity less what refunds not failed gave back of it, as
 * the server counts them.
 */
const order: Pick<Order, 'total' | 'lines' | 'refunds'> = {
  total: 24.5,
  lines: [
    { itemId: 'a', name: 'Green bowl', price: 9.75, quantity: 2 },
    { itemId: 'b', name: 'Beet carpaccio', price: 5, quantity: 1 },
  ],
  refunds: [
    { id: 'r1', amount: 9.75, lines: [{ lineId: 0, name: 'Green bowl', quantity: 1 }], status: 'succeeded', at: '2026-11-28T08:00:00.000Z' },
    { id: 'r2', amount: 5, lines: [{ lineId: 1, name: 'Beet carpaccio', quantity: 1 }], status: 'failed', at: '2026-11-28T08:01:00.000Z' },
    { id: 'r3', amount: 1.1, status: 'pending', at: '2026-11-28T08:02:00.000Z' },
  ],
};

describe('what is left to refund', () => {
  it('counts succeeded and pending refunds, never failed ones', () => {
    expect(refundLeftCents(order)).toBe(2450 - 975 - 110);
    expect(lineQuantitiesLeft(order)).toEqual([1, 1]);
  });

  it('is the whole order before any refund, and never below nothing', () => {
    expect(refundLeftCents({ ...order, refunds: undefined })).toBe(2450);
    expect(refundLeftCents({ ...order, refunds: [{ id: 'x', amount: 30, status: 'succeeded', at: '' }] })).toBe(0);
  });
});
