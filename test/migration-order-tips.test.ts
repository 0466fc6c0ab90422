import { describe, expect, it } from 'vitest';
import { toOrder } from '../src/server/orders/order-view.ts';
import { oldCustomer, oldIntent, oldOrder, oldPayment, oldShop } from './helpers/old-shop.ts';

/**
 * Migration 029 on a shop with orders and payments from before tips: each has a tip of 0, and the
 * orders answer no tip and keep their totals.
 */
const database = oldShop('027-order-taxes', '029-order-tips', async (db) => {
  await db.insertInto('users').values(oldCustomer()).execute();
  await db.insertInto('payment_intents').values(oldIntent(1)).execute();
  await db.insertInto('payments').values(oldPayment(1)).execute();
  await db.insertInto('orders').values(oldOrder(1, { delivery_fee_cents: 0, refund_attempts: 0 })).execute();
});

describe('migration 029 (order tips)', () => {
  it('gives older orders and intents a tip of 0, and older orders answer no tip', async () => {
    const order = await database().db.selectFrom('orders').selectAll().where('id', '=', 'o1').executeTakeFirstOrThrow();
    expect([Number(order.tip_cents), Number(order.total_cents)]).toEqual([0, 1450]);
    const answered = toOrder(order, [], false);
    expect(answered).not.toHaveProperty('tip');
    expect(answered.total).toBe(14.5);
    const intent = await database().db.selectFrom('payment_intents').select(['tip_cents', 'amount_cents']).where('id', '=', 'pi_1').executeTakeFirstOrThrow();
    expect([Number(intent.tip_cents), Number(intent.amount_cents)]).toEqual([0, 1450]);
  });
});
