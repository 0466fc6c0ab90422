import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../src/shared/orders.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { getOrder, moveOrder, placeOrder, signUpCast, type OrderCast } from './order-helpers.ts';

/**
 * Refunds through the sandbox provider: rejecting or cancelling gives the whole payment back, once,
 * and the order says so. (Stripe's refunds: test/payment-stripe.test.ts.)
 */
let t: TestApp;
let cast: OrderCast;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  cast = await signUpCast(t.app);
});
afterAll(async () => t.close());

async function sandboxRefunds(intentId: string) {
  return t.database.db.selectFrom('sandbox_refunds').select(['intent_id', 'amount_cents']).where('intent_id', '=', intentId).execute();
}

describe('refunds through the sandbox', () => {
  it('a rejection refunds the whole payment at once, recorded by the sandbox, shown on the order', async () => {
    const { order, payment } = await placeOrder(t.app, cast.customer);
    const res = await moveOrder(t.app, cast.staff, order._id, { status: 'rejected', reason: 'Kitchen closed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>()).toMatchObject({ status: 'rejected', reason: 'Kitchen closed', refund: { amount: order.total, status: 'succeeded' } });
    expect(await sandboxRefunds(payment.transactionId)).toEqual([{ intent_id: payment.transactionId, amount_cents: Math.round(order.total * 100) }]);
    const mine = (await getOrder(t.app, cast.customer, order._id)).json<Order>();
    expect(mine.refund).toEqual({ amount: order.total, status: 'succeeded', attempt: 1 });
    // The refund's change is in the event log (for the live streams), not in the timeline.
    expect(mine.timeline.map((e) => e.status)).toEqual(['placed', 'rejected']);
    const kinds = await t.database.db.selectFrom('order_events').select('kind').where('order_id', '=', order._id).orderBy('id').execute();
    expect(kinds.map((k) => k.kind)).toEqual(['status', 'status', 'refund']);
  });

  it('cancelling an accepted, preparing or ready order refunds it too; completing does not', async () => {
    for (const path of [['accepted'], ['accepted', 'preparing'], ['accepted', 'preparing', 'ready']]) {
      const { order, payment } = await placeOrder(t.app, cast.customer);
      for (const to of path) {
        const body = to === 'accepted' ? { status: to, readyInMinutes: 10 } : { status: to };
        expect((await moveOrder(t.app, cast.staff, order._id, body)).statusCode).toBe(200);
      }
      const res = await moveOrder(t.app, cast.admin, order._id, { status: 'cancelled', reason: 'Out of stock' });
      expect(res.json<Order>().refund).toEqual({ amount: order.total, status: 'succeeded', attempt: 1 });
      expect(await sandboxRefunds(payment.transactionId)).toHaveLength(1);
    }
    const { order, payment } = await placeOrder(t.app, cast.customer);
    for (const body of [{ status: 'accepted', readyInMinutes: 10 }, { status: 'preparing' }, { status: 'ready' }, { status: 'completed' }]) {
      expect((await moveOrder(t.app, cast.staff, order._id, body)).statusCode).toBe(200);
    }
    expect((await getOrder(t.app, cast.staff, order._id)).json<Order>().refund).toBeUndefined();
    expect(await sandboxRefunds(payment.transactionId)).toEqual([]);
  });

  it('the provider refunds a key once, however often it is asked, and never beyond the payment', async () => {
    const { payment, order } = await placeOrder(t.app, cast.customer);
    const cents = Math.round(order.total * 100);
    const first = await t.app.payments.provider.refund(payment.transactionId, cents, 'key-1');
    const again = await t.app.payments.provider.refund(payment.transactionId, cents, 'key-1');
    expect(again).toEqual(first);
    expect(await sandboxRefunds(payment.transactionId)).toHaveLength(1);
    // Another key for money already given back is refused, as is a key reused for another amount.
    await expect(t.app.payments.provider.refund(payment.transactionId, cents, 'key-2')).rejects.toThrow(/left to refund/);
    await expect(t.app.payments.provider.refund(payment.transactionId, cents - 1, 'key-1')).rejects.toThrow(/another refund/);
    await expect(t.app.payments.provider.refund(payment.transactionId.replace(/.$/, 'x'), cents, 'key-3')).rejects.toThrow();
    expect(await sandboxRefunds(payment.transactionId)).toHaveLength(1);
  });

  it('when the provider refuses, the order is still rejected and its refund shows failed', async () => {
    const { order, payment } = await placeOrder(t.app, cast.customer);
    // A payment the provider no longer counts as succeeded (as a disputed charge would be).
    await t.database.db.updateTable('payment_intents').set({ status: 'requires_payment_method' }).where('id', '=', payment.transactionId).execute();
    const res = await moveOrder(t.app, cast.staff, order._id, { status: 'rejected', reason: 'Kitchen closed' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Order>()).toMatchObject({ status: 'rejected', refund: { amount: order.total, status: 'failed' } });
    expect(await sandboxRefunds(payment.transactionId)).toEqual([]);
  });
});
