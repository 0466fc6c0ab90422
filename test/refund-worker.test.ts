import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../src/shared/orders.ts';
import type { AdminStats } from '../src/shared/stats.ts';
import type { ProviderRefund } from '../src/server/payments/payment-provider.ts';
import { parseCsv } from './stats-helpers.ts';
import { createTestApp, openSecondApp, type TestApp } from './helpers/test-app.ts';
import { getOrder, moveOrder, placeOrder, signUpCast, type OrderCast } from './order-helpers.ts';

/**
 * No refund is ever lost (docs/security.md, "A refund asked for is never lost"): the request is
 * written with the reject or cancel, and the refund worker asks the provider until it answers,
 * with the request's idempotency key, so a lost answer or a second process never refunds twice.
 */
let t: TestApp;
let cast: OrderCast;
type RefundCall = (intentId: string, amountCents: number, key: string) => Promise<ProviderRefund>;
let realRefund: RefundCall;
/** What the provider does on the next calls (the test's stand-in for a network, a crash, a refusal); the real refund otherwise. */
let nextCalls: RefundCall[] = [];
const calls: Array<{ intentId: string; key: string }> = [];

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { REFUND_RETRY_MS: '40', REFUND_POLL_MS: '60000' } });
  cast = await signUpCast(t.app);
  const provider = t.app.paymentProvider;
  realRefund = provider.refund.bind(provider);
  provider.refund = (intentId, amountCents, key) => {
    calls.push({ intentId, key });
    const next = nextCalls.shift() ?? realRefund;
    return next(intentId, amountCents, key);
  };
});
afterAll(async () => t.close());

const sandboxRefunds = (intentId: string) =>
  t.database.db.selectFrom('sandbox_refunds').select(['intent_id', 'amount_cents', 'idempotency_key']).where('intent_id', '=', intentId).execute();
const requestsOf = (orderId: string) =>
  t.database.db.selectFrom('refund_requests').selectAll().where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute();
const refundOf = async (orderId: string) => (await getOrder(t.app, cast.staff, orderId)).json<Order>().refund;
const retry = (orderId: string, headers?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/staff/orders/${orderId}/refund-retry`, headers });

async function until(check: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the refund worker', () => {
  it('a provider that refunds but whose answer is lost: the refund stays pending, is asked again with the same key, and is paid once', async () => {
    const { order, payment } = await placeOrder(t.app, cast.customer);
    // The provider takes the refund, then the connection drops before its answer arrives.
    nextCalls = [
      async (...args) => {
        await realRefund(...args);
        throw new Error('socket hang up');
      },
    ];
    const res = await moveOrder(t.app, cast.staff, order._id, { status: 'rejected', reason: 'Kitchen closed' });
    expect(res.statusCode, res.body).toBe(200);
    // Not "failed": a lost answer is worth asking again, and the request is still due.
    expect(res.json<Order>().refund).toEqual({ amount: order.total, status: 'pending', attempt: 1 });
    const [queued] = await requestsOf(order._id);
    expect(queued).toMatchObject({ status: 'queued', attempts: 1, amount_cents: Math.round(order.total * 100), transaction_id: payment.transactionId });
    expect(queued!.last_error).toBe('socket hang up');

    // The back-off's first wait is REFUND_RETRY_MS; the worker's next look asks again.
    await new Promise((resolve) => setTimeout(resolve, 60));
    t.app.orders.wakeRefunds();
    await t.app.orders.refundsIdle();
    expect(await refundOf(order._id)).toEqual({ amount: order.total, status: 'succeeded', attempt: 1 });
    const asked = calls.filter((c) => c.intentId === payment.transactionId);
    expect(asked).toHaveLength(2);
    expect(new Set(asked.map((c) => c.key)).size).toBe(1);
    expect(await sandboxRefunds(payment.transactionId)).toEqual([{ intent_id: payment.transactionId, amount_cents: Math.round(order.total * 100), idempotency_key: queued!.idempotency_key }]);
    expect((await requestsOf(order._id))[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('a process that dies mid-call: its claim runs out, the next process asks once, and the dead one cannot record over it', async () => {
    const { order, payment } = await placeOrder(t.app, cast.customer);
    // This process never hears back (it is as good as dead): the move waits on the provider.
    let wake!: () => void;
    nextCalls = [(...args) => new Promise((resolve, reject) => (wake = () => void realRefund(...args).then(resolve, reject)))];
    // (light-my-request sends on `then`.)
    const move = moveOrder(t.app, cast.staff, order._id, { status: 'rejected', reason: 'The oven broke' }).then((r) => r);
    await until(async () => (await requestsOf(order._id))[0]?.status === 'asking', 'the claim');
    expect(await refundOf(order._id)).toMatchObject({ status: 'pending' });

    // A second process (a restart) at start-up leaves a fresh claim alone: one request, one process.
    const second = await openSecondApp(t, { REFUND_POLL_MS: '60000', REFUND_RETRY_MS: '40' });
    try {
      await second.app.orders.refundsIdle();
      expect((await requestsOf(order._id))[0]!.status).toBe('asking');
      // The claim's lease runs out (two minutes), and the second process's next look asks.
      await t.database.db.updateTable('refund_requests').set({ claimed_at: new Date(Date.now() - 3 * 60_000).toISOString() }).where('order_id', '=', order._id).execute();
      second.app.orders.wakeRefunds();
      await second.app.orders.refundsIdle();
      expect(await refundOf(order._id)).toEqual({ amount: order.total, status: 'succeeded', attempt: 1 });
      expect(await sandboxRefunds(payment.transactionId)).toHaveLength(1);

      // The first process's call finally returns: the same key, the same refund, nothing recorded twice.
      const events = await t.database.db.selectFrom('order_events').select('id').where('order_id', '=', order._id).execute();
      wake();
      expect((await move).statusCode).toBe(200);
      expect(await sandboxRefunds(payment.transactionId)).toHaveLength(1);
      expect(await t.database.db.selectFrom('order_events').select('id').where('order_id', '=', order._id).execute()).toHaveLength(events.length);
    } finally {
      await second.close();
    }
  });

  it('two processes looking at once carry a request out once; asked again after a lost answer, the key refunds nothing more', async () => {
    const { order, payment } = await placeOrder(t.app, cast.customer);
    nextCalls = [() => Promise.reject(new Error('connect ECONNREFUSED'))];
    await moveOrder(t.app, cast.staff, order._id, { status: 'rejected', reason: 'Kitchen closed' });
    expect((await requestsOf(order._id))[0]!.status).toBe('queued');
    const second = await openSecondApp(t, { REFUND_POLL_MS: '60000' });
    try {
      await new Promise((resolve) => setTimeout(resolve, 60));
      calls.length = 0;
      t.app.orders.wakeRefunds();
      second.app.orders.wakeRefunds();
      await Promise.all([t.app.orders.refundsIdle(), second.app.orders.refundsIdle()]);
      expect(calls.filter((c) => c.intentId === payment.transactionId).length).toBeLessThanOrEqual(1);
      await until(async () => (await refundOf(order._id))?.status === 'succeeded', 'the refund');
      expect(await sandboxRefunds(payment.transactionId)).toHaveLength(1);

      // As if the answer had been lost after the provider paid: the worker asks again, with the same key.
      await t.database.db.updateTable('refund_requests').set({ status: 'queued', next_attempt_at: new Date(0).toISOString() }).where('order_id', '=', order._id).execute();
      t.app.orders.wakeRefunds();
      await t.app.orders.refundsIdle();
      expect((await requestsOf(order._id))[0]!.status).toBe('succeeded');
      expect(await sandboxRefunds(payment.transactionId)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('a refusal ends failed at once; staff retry it with a new request, customers and visitors cannot', async () => {
    const { order, payment } = await placeOrder(t.app, cast.customer);
    // A payment the provider no longer counts as succeeded: it refuses the refund.
    await t.database.db.updateTable('payment_intents').set({ status: 'requires_payment_method' }).where('id', '=', payment.transactionId).execute();
    const res = await moveOrder(t.app, cast.staff, order._id, { status: 'rejected', reason: 'Kitchen closed' });
    expect(res.json<Order>().refund).toEqual({ amount: order.total, status: 'failed', attempt: 1 });
    expect(await requestsOf(order._id)).toMatchObject([{ status: 'failed', attempts: 1 }]);

    // Who may ask again: staff and administrators only.
    const before = JSON.stringify(await requestsOf(order._id));
    for (const [user, status] of [[undefined, 401], [cast.customer, 403], [cast.another, 403]] as const) {
      expect((await retry(order._id, user?.headers)).statusCode).toBe(status);
    }
    expect(JSON.stringify(await requestsOf(order._id))).toBe(before);
    expect((await retry('no-such-order', cast.staff.headers)).statusCode).toBe(404);

    // Still refused: a new attempt, failed again.
    const again = await retry(order._id, cast.staff.headers);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Order>().refund).toEqual({ amount: order.total, status: 'failed', attempt: 2 });

    // The payment is fine again: the retry goes through, with a key of its own.
    await t.database.db.updateTable('payment_intents').set({ status: 'succeeded' }).where('id', '=', payment.transactionId).execute();
    const third = await retry(order._id, cast.admin.headers);
    expect(third.statusCode, third.body).toBe(200);
    expect(third.json<Order>().refund).toEqual({ amount: order.total, status: 'succeeded', attempt: 3 });
    const requests = await requestsOf(order._id);
    expect(requests.map((r) => r.status)).toEqual(['failed', 'failed', 'succeeded']);
    expect(new Set(requests.map((r) => r.idempotency_key)).size).toBe(3);
    expect(await sandboxRefunds(payment.transactionId)).toHaveLength(1);
    // Nothing failed any more: a retry is a 409 and changes nothing.
    const conflict = await retry(order._id, cast.staff.headers);
    expect(conflict.statusCode).toBe(409);
    expect(await requestsOf(order._id)).toHaveLength(3);
    expect(await sandboxRefunds(payment.transactionId)).toHaveLength(1);
  });

  it('the books count a refund only once the provider confirmed it', async () => {
    const today = async () => {
      const stats = (await t.app.inject({ method: 'GET', url: '/api/admin/stats?period=today', headers: cast.admin.headers })).json<AdminStats>();
      const csv = (await t.app.inject({ method: 'GET', url: '/api/admin/orders.csv?period=today', headers: cast.admin.headers })).body;
      return { refunds: stats.tiles.refunds.value, csv };
    };
    const { order } = await placeOrder(t.app, cast.customer);
    const start = await today();
    nextCalls = [() => Promise.reject(new Error('timeout'))];
    await moveOrder(t.app, cast.staff, order._id, { status: 'rejected', reason: 'Kitchen closed' });
    expect(await refundOf(order._id)).toMatchObject({ status: 'pending' });
    const pending = await today();
    expect(pending.refunds).toBe(start.refunds);
    // The order's row: its Refund cell, then the order's sum refunded and its count of refunds.
    const row = (csv: string) => parseCsv(csv.slice(1)).find((cells) => cells[1] === String(order.number))!.slice(11, 14);
    expect(row(pending.csv)).toEqual(['0.00', '0.00', '0']);

    await new Promise((resolve) => setTimeout(resolve, 60));
    t.app.orders.wakeRefunds();
    await t.app.orders.refundsIdle();
    const confirmed = await today();
    expect(confirmed.refunds).toBeCloseTo(start.refunds + order.total, 2);
    expect(row(confirmed.csv)).toEqual([order.total.toFixed(2), order.total.toFixed(2), '1']);
  });
});
