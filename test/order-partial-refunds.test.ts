import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStats } from '../src/shared/stats.ts';
import type { Order } from '../src/shared/orders.ts';
import { REFUND_TEXTS, REFUND_WINDOW_DAYS } from '../src/shared/orders.ts';
import { mailEnv, startMailServer, type MailServer } from './helpers/mail-server.ts';
import { createTestApp, openSecondApp, type TestApp } from './helpers/test-app.ts';
import type { TestUser } from './helpers/auth.ts';
import { getOrder, moveOrder, orderState, placeOrder, signUpCast, type OrderCast } from './order-helpers.ts';
import { menuItemIds } from './payment-helpers.ts';
import { parseCsv } from './stats-helpers.ts';

/**
 * An administrator's refunds of part or all of an order (POST /api/admin/orders/:id/refunds):
 * by lines priced by the server, by amount, after completion, never beyond what was paid (also
 * with refunds racing, in one process or two), shown on the order, mailed, counted by the
 * statistics and the CSV as the sandbox's ledger says. On SQLite and PostgreSQL alike.
 */
let t: TestApp;
let cast: OrderCast;
let mail: MailServer;
const HIGH = { RATE_LIMIT_SIGN_IN: '10000', RATE_LIMIT_SIGN_UP: '10000', RATE_LIMIT_CAPTCHA: '10000', RATE_LIMIT_TOKEN: '10000' };

beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ seed: true, env: mailEnv(mail, { ...HIGH, SHOP_TIME_ZONE: 'UTC' }) });
  cast = await signUpCast(t.app);
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

function refund(user: TestUser | undefined, orderId: string, body: unknown, app = t.app) {
  return app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/refunds`, headers: user?.headers, payload: body as object });
}

async function ledgerCents(intentId: string): Promise<number> {
  const rows = await t.database.db.selectFrom('sandbox_refunds').select('amount_cents').where('intent_id', '=', intentId).execute();
  return rows.reduce((sum, r) => sum + Number(r.amount_cents), 0);
}

/** An order of two lines (the first dish twice, the second once), moved to completed. */
async function completedOrder(customer = cast.customer) {
  const [a, b] = await menuItemIds(t.app, 2);
  const placed = await placeOrder(t.app, customer, { items: [a!.id, a!.id, b!.id] });
  for (const body of [{ status: 'accepted', readyInMinutes: 10 }, { status: 'preparing' }, { status: 'ready' }, { status: 'completed' }]) {
    const res = await moveOrder(t.app, cast.staff, placed.order._id, body);
    expect(res.statusCode, res.body).toBe(200);
  }
  return { ...placed, a: a!, b: b!, cents: Math.round(placed.order.total * 100) };
}

describe('an administrator refunds part of an order', () => {
  it('one line of a completed order: priced from the stored line, shown to the customer, mailed, in the ledger', async () => {
    const { order, payment, a } = await completedOrder();
    const res = await refund(cast.admin, order._id, { lines: [{ lineId: 0, quantity: 1 }] });
    expect(res.statusCode, res.body).toBe(200);
    const answered = res.json<Order>();
    expect(answered.status).toBe('completed');
    expect(answered.refunds).toEqual([
      { id: expect.any(String), amount: a.cents / 100, lines: [{ lineId: 0, name: a.name, quantity: 1 }], status: 'succeeded', at: expect.any(String) },
    ]);
    expect(await ledgerCents(payment.transactionId)).toBe(a.cents);

    const mine = (await getOrder(t.app, cast.customer, order._id)).json<Order>();
    expect(mine.refunds).toEqual(answered.refunds);
    expect(mine.refund).toMatchObject({ amount: a.cents / 100, status: 'succeeded' });

    await expect.poll(() => mail.to(cast.customer.email).some((m) => m.subject?.startsWith('We refunded'))).toBe(true);
    const refundMail = mail.to(cast.customer.email).find((m) => m.subject?.startsWith('We refunded'))!;
    expect(refundMail.subject).toBe(`We refunded $ ${(a.cents / 100).toFixed(2)} of order #${order.number}`);
    expect(refundMail.text).toContain(`1 × ${a.name}`);

    // The same line again, beyond its quantity (2 paid, 1 given back): refused, nothing written.
    const before = await orderState(t.app, order._id);
    const again = await refund(cast.admin, order._id, { lines: [{ lineId: 0, quantity: 2 }] });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(REFUND_TEXTS.lineOver(a.name, 1));
    expect(await orderState(t.app, order._id)).toBe(before);
  });

  it('by amount, then the whole of what is left; then nothing more', async () => {
    const { order, payment, cents } = await completedOrder();
    expect((await refund(cast.admin, order._id, { amountCents: 150 })).statusCode).toBe(200);
    const whole = await refund(cast.admin, order._id, { whole: true });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json<Order>().refunds!.map((r) => [Math.round(r.amount * 100), r.status])).toEqual([
      [150, 'succeeded'],
      [cents - 150, 'succeeded'],
    ]);
    expect(await ledgerCents(payment.transactionId)).toBe(cents);

    const before = await orderState(t.app, order._id);
    const more = await refund(cast.admin, order._id, { amountCents: 1 });
    expect(more.statusCode).toBe(409);
    expect(more.json<{ message: string }>().message).toBe(REFUND_TEXTS.nothingLeft);
    expect(await orderState(t.app, order._id)).toBe(before);
  });

  it('over the paid sum, unknown lines, prices from the client and bad bodies are refused and change nothing', async () => {
    const { order, payment, cents } = await completedOrder();
    const before = await orderState(t.app, order._id);
    const over = await refund(cast.admin, order._id, { amountCents: cents + 1 });
    expect(over.statusCode).toBe(409);
    expect(over.json<{ message: string }>().message).toBe(REFUND_TEXTS.overLeft(`$${(cents / 100).toFixed(2)}`));
    expect((await refund(cast.admin, order._id, { lines: [{ lineId: 7, quantity: 1 }] })).statusCode).toBe(400);
    expect((await refund(cast.admin, order._id, { lines: [{ lineId: 0, quantity: 1 }, { lineId: 0, quantity: 1 }] })).statusCode).toBe(400);
    for (const body of [
      {},
      { amountCents: 0 },
      { amountCents: -100 },
      { amountCents: 1.5 },
      { amountCents: '100' },
      { amountCents: 100, whole: true },
      { whole: false },
      { lines: [] },
      { lines: [{ lineId: 0, quantity: 1, priceCents: 1 }] },
      { lines: [{ lineId: 0, quantity: 0 }] },
      { amount: 1 },
    ]) {
      const res = await refund(cast.admin, order._id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await refund(cast.admin, 'no-such-order', { amountCents: 1 })).statusCode).toBe(404);
    expect(await orderState(t.app, order._id)).toBe(before);
    expect(await ledgerCents(payment.transactionId)).toBe(0);
  });

  it('customers (even the owner), staff and visitors are refused', async () => {
    const { order, payment } = await completedOrder();
    const before = await orderState(t.app, order._id);
    expect((await refund(undefined, order._id, { whole: true })).statusCode).toBe(401);
    for (const user of [cast.customer, cast.another, cast.staff]) expect((await refund(user, order._id, { whole: true })).statusCode).toBe(403);
    expect(await orderState(t.app, order._id)).toBe(before);
    expect(await ledgerCents(payment.transactionId)).toBe(0);
  });

  it(`refuses a payment older than the provider's window (${REFUND_WINDOW_DAYS} days)`, async () => {
    const { order } = await completedOrder();
    const old = new Date(Date.now() - (REFUND_WINDOW_DAYS + 1) * 86_400_000).toISOString();
    await t.database.db.updateTable('orders').set({ created_at: old }).where('id', '=', order._id).execute();
    const before = await orderState(t.app, order._id);
    const res = await refund(cast.admin, order._id, { amountCents: 100 });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(REFUND_TEXTS.tooLate);
    expect(await orderState(t.app, order._id)).toBe(before);
  });

  it('a failed refund gives nothing back and does not count against what is left', async () => {
    const { order, payment, cents } = await completedOrder();
    await t.database.db.updateTable('payment_intents').set({ status: 'requires_payment_method' }).where('id', '=', payment.transactionId).execute();
    const failed = await refund(cast.admin, order._id, { whole: true });
    expect(failed.json<Order>().refunds!.map((r) => r.status)).toEqual(['failed']);
    await t.database.db.updateTable('payment_intents').set({ status: 'succeeded' }).where('id', '=', payment.transactionId).execute();
    const res = await refund(cast.admin, order._id, { amountCents: cents });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ledgerCents(payment.transactionId)).toBe(cents);
  });

  it('staff cancelling after a partial refund give back only the rest, as a whole refund', async () => {
    const [a] = await menuItemIds(t.app, 1);
    const { order, payment } = await placeOrder(t.app, cast.customer, { items: [a!.id, a!.id] });
    const cents = Math.round(order.total * 100);
    expect((await refund(cast.admin, order._id, { lines: [{ lineId: 0, quantity: 1 }] })).statusCode).toBe(200);
    const cancelled = await moveOrder(t.app, cast.staff, order._id, { status: 'rejected', reason: 'Out of avocados' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Order>().refund).toMatchObject({ amount: (cents - a!.cents) / 100, status: 'succeeded' });
    expect(await ledgerCents(payment.transactionId)).toBe(cents);
  });
});

describe('racing refunds never give back more than was paid', () => {
  it('10 at once in one process, and 10 across two processes', async () => {
    const second = await openSecondApp(t, HIGH);
    try {
      for (const spread of [false, true]) {
        const { order, payment, cents } = await completedOrder();
        // Each asks for 30% of the payment: at most three fit.
        const share = Math.floor(cents * 0.3);
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) => refund(cast.admin, order._id, { amountCents: share }, spread && i % 2 === 1 ? second.app : t.app)),
        );
        const statuses = answers.map((r) => r.statusCode).sort();
        expect(statuses.filter((s) => s === 200)).toHaveLength(3);
        expect(statuses.filter((s) => s === 409)).toHaveLength(7);
        await t.app.orders.refundsIdle();
        await second.app.orders.refundsIdle();
        const ledger = await ledgerCents(payment.transactionId);
        expect(ledger).toBe(3 * share);
        expect(ledger).toBeLessThanOrEqual(cents);
        const requests = await t.database.db.selectFrom('refund_requests').select('amount_cents').where('order_id', '=', order._id).execute();
        expect(requests.reduce((sum, r) => sum + Number(r.amount_cents), 0)).toBeLessThanOrEqual(cents);
      }
    } finally {
      await second.close();
    }
  });
});

describe('statistics and CSV count what the provider confirmed, partial refunds included', () => {
  it('the refunds tile, the refunded orders and the CSV columns agree with the sandbox ledger', async () => {
    await t.app.orders.refundsIdle();
    const today = new Date().toISOString().slice(0, 10);
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/stats?from=${today}&to=${today}`, headers: cast.admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json<AdminStats>();
    const ledger = await t.database.db.selectFrom('sandbox_refunds').select(['intent_id', 'amount_cents']).execute();
    const ledgerTotal = ledger.reduce((sum, r) => sum + Number(r.amount_cents), 0);
    expect(ledgerTotal).toBeGreaterThan(0);
    expect(Math.round(stats.tiles.refunds.value * 100)).toBe(ledgerTotal);
    expect(stats.refundedOrders).toBe(new Set(ledger.map((r) => r.intent_id)).size);

    const csv = await t.app.inject({ method: 'GET', url: `/api/admin/orders.csv?from=${today}&to=${today}`, headers: cast.admin.headers });
    const rows = parseCsv(csv.body.slice(1));
    expect(rows[0]!.slice(11, 15)).toEqual(['Refund', 'Order refunded', 'Refunds', 'Tip (as paid, before refunds)']);
    const cents = (cell: string | undefined) => (cell ? Math.round(Number(cell) * 100) : 0);
    const body = rows.slice(1);
    const at = (name: string) => rows[0]!.indexOf(name);
    expect(body.reduce((sum, r) => sum + cents(r[at('Refund')]), 0)).toBe(ledgerTotal);
    expect(body.reduce((sum, r) => sum + cents(r[at('Order refunded')]), 0)).toBe(ledgerTotal);
    expect(body.reduce((sum, r) => sum + Number(r[at('Refunds')] || 0), 0)).toBe(ledger.length);
  });
});
