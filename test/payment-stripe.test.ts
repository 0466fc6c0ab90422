import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config.ts';
import type { Order } from '../src/shared/orders.ts';
import type { PaymentAnswer } from '../src/shared/payments.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { fillCart, menuItemIds, openIntent, postPayment } from './payment-helpers.ts';

/**
 * The Stripe provider against a local HTTP stand-in for the Stripe API (the live API cannot be
 * reached from here): it creates and answers payment intents the way Stripe's API does, and the
 * test decides when one succeeds. Webhooks are signed with the SDK's own test-header helper.
 */
interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
}
interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: string;
}
const intents = new Map<string, FakeIntent>();
/** Refunds by their idempotency key, as Stripe answers a repeated key with the first refund. */
const refunds = new Map<string, FakeRefund>();
/** Intents whose cancellation the stand-in refuses (a provider that cannot be reached, for the test). */
const failCancelOf = new Set<string>();
const requests: Array<{ method: string; path: string; body: URLSearchParams; auth: string | undefined; idempotencyKey?: string }> = [];
let stand: http.Server;
let standUrl: string;

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_stand_in';
const sdk = new Stripe('sk_test_only_for_signing');

function stripeEnv(): Record<string, string> {
  return {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_shop',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_shop',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: standUrl,
  };
}

let t: TestApp;
let customer: TestUser;
let other: TestUser;
let staff: TestUser;
let menu: Array<{ id: string; cents: number; name: string }>;

beforeAll(async () => {
  let counter = 0;
  stand = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = new URLSearchParams(raw);
      const url = new URL(req.url!, 'http://stand-in');
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method!, path: url.pathname, body, auth: req.headers.authorization, idempotencyKey });
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const id = `pi_stand_${++counter}`;
        const intent: FakeIntent = {
          id,
          object: 'payment_intent',
          amount: Number(body.get('amount')),
          currency: body.get('currency')!,
          status: 'requires_payment_method',
          client_secret: `${id}_secret_abc`,
          metadata: { userId: body.get('metadata[userId]')! },
        };
        intents.set(id, intent);
        return res.end(JSON.stringify(intent));
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const known = idempotencyKey ? refunds.get(idempotencyKey) : undefined;
        if (known) return res.end(JSON.stringify(known));
        const intent = intents.get(body.get('payment_intent') ?? '');
        const amount = Number(body.get('amount') ?? intent?.amount);
        if (!intent || intent.status !== 'succeeded' || amount > intent.amount) {
          res.statusCode = 400;
          return res.end(JSON.stringify({ error: { type: 'invalid_request_error', code: 'charge_not_refundable', message: 'Not refundable' } }));
        }
        // Card refunds start pending at Stripe; the refund webhook says when they succeed.
        const refund: FakeRefund = { id: `re_stand_${++counter}`, object: 'refund', amount, currency: intent.currency, payment_intent: intent.id, status: 'pending' };
        refunds.set(idempotencyKey ?? refund.id, refund);
        return res.end(JSON.stringify(refund));
      }
      const action = /^\/v1\/payment_intents\/([^/]+)\/(cancel|confirm)$/.exec(url.pathname);
      if (req.method === 'POST' && action) {
        const intent = intents.get(action[1]!);
        if (!intent) {
          res.statusCode = 404;
          return res.end(JSON.stringify({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } }));
        }
        if (action[2] === 'cancel' && failCancelOf.has(intent.id)) {
          res.statusCode = 400;
          return res.end(JSON.stringify({ error: { type: 'invalid_request_error', code: 'stand_in_refuses', message: 'The stand-in was told to refuse' } }));
        }
        // As Stripe: only an intent still waiting for its card can be cancelled or confirmed.
        if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) {
          res.statusCode = 400;
          return res.end(
            JSON.stringify({
              error: {
                type: 'invalid_request_error',
                code: 'payment_intent_unexpected_state',
                message: `You cannot ${action[2]} this PaymentIntent because it has a status of ${intent.status}.`,
                payment_intent: intent,
              },
            }),
          );
        }
        intent.status = action[2] === 'cancel' ? 'canceled' : 'succeeded';
        return res.end(JSON.stringify(intent));
      }
      const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && match) {
        const intent = intents.get(match[1]!);
        if (intent) return res.end(JSON.stringify(intent));
        res.statusCode = 404;
        return res.end(
          JSON.stringify({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } }),
        );
      }
      res.statusCode = 500;
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'not in the stand-in' } }));
    });
  });
  await new Promise<void>((resolve) => stand.listen(0, '127.0.0.1', resolve));
  standUrl = `http://127.0.0.1:${(stand.address() as AddressInfo).port}`;

  t = await createTestApp({ seed: true, env: stripeEnv() });
  [customer, other, staff] = await Promise.all([signUpUser(t.app, { name: 'Sam Stripe' }), signUpUser(t.app), signUpUser(t.app, { name: 'Stan Staff' })]);
  await t.database.db.updateTable('users').set({ role: 'staff' }).where('id', '=', staff.id).execute();
  menu = await menuItemIds(t.app, 2);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => stand.close(resolve));
});
beforeEach(async () => {
  await t.database.db.deleteFrom('cart_items').execute();
});

async function cartLength(user: TestUser): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `/api/cart?email=${user.email}`, headers: user.headers });
  return res.json<unknown[]>().length;
}
async function recorded(transactionId: string): Promise<number> {
  const rows = await t.database.db.selectFrom('payments').select('id').where('transaction_id', '=', transactionId).execute();
  return rows.length;
}
function webhook(event: object, signature?: string) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signature ?? sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });
}
function succeededEvent(intent: FakeIntent) {
  return { id: `evt_${intent.id}`, object: 'event', type: 'payment_intent.succeeded', data: { object: intent } };
}

describe('the Stripe provider', () => {
  it('opens an intent at Stripe for the cart total, with the secret key, and gives the browser the publishable key', async () => {
    await fillCart(t.app, customer, menu.map((m) => m.id));
    const intent = await openIntent(t.app, customer);
    const cents = menu.reduce((s, m) => s + m.cents, 0);
    const sent = requests.findLast((r) => r.method === 'POST')!;
    expect(sent.path).toBe('/v1/payment_intents');
    expect(sent.auth).toBe('Bearer sk_test_shop');
    expect(sent.body.get('amount')).toBe(String(cents));
    expect(sent.body.get('currency')).toBe('usd');
    expect(sent.body.get('metadata[userId]')).toBe(customer.id);
    expect(intent).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_shop', clientSecret: `${intent.intentId}_secret_abc` });
    // Stripe keeps the secret: the shop does not store it.
    const row = await t.database.db.selectFrom('payment_intents').selectAll().where('id', '=', intent.intentId).executeTakeFirstOrThrow();
    expect(row.client_secret).toBeNull();
  });

  it('records a payment only after Stripe says the intent succeeded, with the amount asked', async () => {
    await fillCart(t.app, customer, menu.map((m) => m.id));
    const intent = await openIntent(t.app, customer);
    expect((await postPayment(t.app, customer, intent.intentId)).statusCode).toBe(409);
    intents.get(intent.intentId)!.status = 'succeeded';
    expect((await postPayment(t.app, other, intent.intentId)).statusCode).toBe(403);
    const res = await postPayment(t.app, customer, intent.intentId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ payment: { transactionId: intent.intentId, status: 'service pending', quantity: 2 } });
    expect(await cartLength(customer)).toBe(0);
  });

  it("lets the browser load Stripe.js and the Payment Element's frames from Stripe, in a Stripe shop only", async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/api/review' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com");
    expect(csp).toContain('frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com');
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    const sandbox = await createTestApp();
    try {
      const plain = String((await sandbox.app.inject({ method: 'GET', url: '/api/review' })).headers['content-security-policy']);
      expect(plain).not.toContain('stripe');
    } finally {
      await sandbox.close();
    }
  });

  it('refuses a succeeded intent whose amount differs from the order', async () => {
    await fillCart(t.app, customer, [menu[0]!.id]);
    const intent = await openIntent(t.app, customer);
    Object.assign(intents.get(intent.intentId)!, { status: 'succeeded', amount: 1 });
    expect((await postPayment(t.app, customer, intent.intentId)).statusCode).toBe(409);
    expect(await recorded(intent.intentId)).toBe(0);
  });
});

describe('POST /api/stripe/webhook', () => {
  it('records a succeeded intent even if the browser never calls back, once however often Stripe repeats it', async () => {
    await fillCart(t.app, customer, [menu[0]!.id, menu[1]!.id]);
    const intent = await openIntent(t.app, customer);
    const fake = intents.get(intent.intentId)!;
    fake.status = 'succeeded';
    const res = await webhook(succeededEvent(fake));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await recorded(intent.intentId)).toBe(1);
    expect(await cartLength(customer)).toBe(0);
    expect((await webhook(succeededEvent(fake))).statusCode).toBe(200);
    // The browser's call afterwards answers the same record.
    expect((await postPayment(t.app, customer, intent.intentId)).statusCode).toBe(200);
    expect(await recorded(intent.intentId)).toBe(1);
  });

  it('refuses an unsigned or wrongly signed event and records nothing', async () => {
    await fillCart(t.app, customer, [menu[0]!.id]);
    const intent = await openIntent(t.app, customer);
    const fake = intents.get(intent.intentId)!;
    fake.status = 'succeeded';
    const event = succeededEvent(fake);
    const forged = sdk.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret: 'whsec_not_the_shops' });
    expect((await webhook(event, forged)).statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    // A signature over other bytes than the body sent.
    const signedOther = sdk.webhooks.generateTestHeaderString({ payload: '{}', secret: WEBHOOK_SECRET });
    expect((await webhook(event, signedOther)).statusCode).toBe(400);
    expect(await recorded(intent.intentId)).toBe(0);
    expect(await cartLength(customer)).toBe(1);
  });

  it('acknowledges events it has nothing to do with: other types, intents of no order of the shop', async () => {
    expect((await webhook({ id: 'evt_1', object: 'event', type: 'charge.refunded', data: { object: { id: 'ch_1' } } })).statusCode).toBe(200);
    const stranger = { ...succeededEvent({ id: 'pi_elsewhere' } as FakeIntent) };
    expect((await webhook(stranger)).statusCode).toBe(200);
    expect(await recorded('pi_elsewhere')).toBe(0);
  });

  it('does not exist with the sandbox provider', async () => {
    const sandbox = await createTestApp();
    try {
      const res = await sandbox.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: {} });
      expect(res.statusCode).toBe(404);
    } finally {
      await sandbox.close();
    }
  });
});

/** A Stripe payment recorded by the browser's call: answers its order. */
async function paidOrder(): Promise<Order> {
  await fillCart(t.app, customer, [menu[0]!.id, menu[1]!.id]);
  const intent = await openIntent(t.app, customer);
  intents.get(intent.intentId)!.status = 'succeeded';
  const res = await postPayment(t.app, customer, intent.intentId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PaymentAnswer>().order!;
}
async function orderOf(id: string): Promise<Order> {
  return (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: customer.headers })).json<Order>();
}
/** The idempotency key of the order's refund request: what the shop asks Stripe with. */
async function refundKey(orderId: string): Promise<string> {
  const row = await t.database.db.selectFrom('refund_requests').select('idempotency_key').where('order_id', '=', orderId).executeTakeFirstOrThrow();
  return row.idempotency_key;
}
/** The key of the order's newest refund request (after a staff retry). */
async function latestRefundKey(orderId: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('refund_requests')
    .select('idempotency_key')
    .where('order_id', '=', orderId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.idempotency_key;
}
function refundEvent(type: 'refund.created' | 'refund.updated' | 'refund.failed', refund: FakeRefund) {
  return { id: `evt_${type}_${refund.id}_${refund.status}`, object: 'event', type, data: { object: refund } };
}

describe('refunds through Stripe', () => {
  it("asks Stripe's refunds API for the whole payment when staff reject, once; the refund webhook then settles it", async () => {
    const order = await paidOrder();
    const cents = menu[0]!.cents + menu[1]!.cents;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${order._id}/status`,
      headers: staff.headers,
      payload: { status: 'rejected', reason: 'We are closing early' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>()).toMatchObject({ status: 'rejected', refund: { amount: cents / 100, status: 'pending' } });
    const asked = requests.filter((r) => r.path === '/v1/refunds');
    expect(asked.at(-1)!.body.get('payment_intent')).toBe(order.transactionId);
    expect(asked.at(-1)!.body.get('amount')).toBe(String(cents));
    expect(asked.at(-1)!.auth).toBe('Bearer sk_test_shop');
    // The key is the refund request's: a retried request (a lost answer) gets the same refund from Stripe, never a second one.
    expect(asked.at(-1)!.idempotencyKey).toBe(await refundKey(order._id));

    const refund = refunds.get(await refundKey(order._id))!;
    const succeeded = { ...refund, status: 'succeeded' };
    expect((await webhook(refundEvent('refund.updated', succeeded))).statusCode).toBe(200);
    expect((await orderOf(order._id)).refund).toEqual({ amount: cents / 100, status: 'succeeded', attempt: 1 });
    // A late event about the refund's earlier state does not undo it.
    expect((await webhook(refundEvent('refund.created', refund))).statusCode).toBe(200);
    expect((await orderOf(order._id)).refund).toEqual({ amount: cents / 100, status: 'succeeded', attempt: 1 });
  });

  it('charge.refunded settles a refund too; refund.failed marks it failed; forged events change nothing', async () => {
    const order = await paidOrder();
    await t.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${order._id}/status`,
      headers: staff.headers,
      payload: { status: 'accepted', readyInMinutes: 15 },
    });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${order._id}/status`,
      headers: staff.headers,
      payload: { status: 'cancelled', reason: 'The oven broke' },
    });
    expect(cancel.json<Order>().refund!.status).toBe('pending');
    const refund = refunds.get(await refundKey(order._id))!;
    const charge = {
      id: `ch_${order.transactionId}`,
      object: 'charge',
      payment_intent: order.transactionId,
      amount_refunded: refund.amount,
      refunded: true,
      refunds: { object: 'list', data: [{ ...refund, status: 'succeeded' }] },
    };
    const event = { id: `evt_charge_${order.transactionId}`, object: 'event', type: 'charge.refunded', data: { object: charge } };
    const forged = sdk.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret: 'whsec_not_the_shops' });
    expect((await webhook(event, forged)).statusCode).toBe(400);
    expect((await orderOf(order._id)).refund!.status).toBe('pending');
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await orderOf(order._id)).refund).toEqual({ amount: refund.amount / 100, status: 'succeeded', attempt: 1 });

    const other = await paidOrder();
    await t.app.inject({
      method: 'POST',
      url: `/api/staff/orders/${other._id}/status`,
      headers: staff.headers,
      payload: { status: 'rejected', reason: 'Closed' },
    });
    const failed = { ...refunds.get(await refundKey(other._id))!, status: 'failed' };
    expect((await webhook(refundEvent('refund.failed', failed))).statusCode).toBe(200);
    expect((await orderOf(other._id)).refund!.status).toBe('failed');
    // Staff retry it: a new request, a new key, a new refund at Stripe (pending until its webhook).
    const retried = await t.app.inject({ method: 'POST', url: `/api/staff/orders/${other._id}/refund-retry`, headers: staff.headers });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<Order>().refund).toEqual({ amount: failed.amount / 100, status: 'pending', attempt: 2 });
    const second = refunds.get(await latestRefundKey(other._id))!;
    expect(second.id).not.toBe(failed.id);
    // A late copy of the first refund's failure is about an earlier refund: the retry stays pending.
    expect((await webhook({ ...refundEvent('refund.failed', failed), id: 'evt_failed_again' })).statusCode).toBe(200);
    expect((await orderOf(other._id)).refund).toEqual({ amount: failed.amount / 100, status: 'pending', attempt: 2 });
    expect((await webhook(refundEvent('refund.updated', { ...second, status: 'succeeded' }))).statusCode).toBe(200);
    expect((await orderOf(other._id)).refund).toEqual({ amount: failed.amount / 100, status: 'succeeded', attempt: 2 });
    // A refund event of no order of the shop is acknowledged and ignored.
    expect((await webhook(refundEvent('refund.updated', { ...failed, payment_intent: 'pi_elsewhere' }))).statusCode).toBe(200);
  });

  it("an administrator's two partial refunds: each asked with its amount, each settled by its own webhook", async () => {
    const admin = await signUpUser(t.app, { admin: true, name: 'Ada Admin' });
    const order = await paidOrder();
    const cents = Math.round(order.total * 100);
    const ask = (payload: object) => t.app.inject({ method: 'POST', url: `/api/admin/orders/${order._id}/refunds`, headers: admin.headers, payload });
    expect((await ask({ amountCents: 100 })).statusCode).toBe(200);
    const second = await ask({ lines: [{ lineId: 0, quantity: 1 }] });
    expect(second.statusCode, second.body).toBe(200);
    const keys = (await t.database.db.selectFrom('refund_requests').select('idempotency_key').where('order_id', '=', order._id).orderBy('created_at').orderBy('id').execute()).map((r) => r.idempotency_key);
    const [first, next] = keys.map((key) => refunds.get(key)!);
    expect([first!.amount, next!.amount]).toEqual([100, menu[0]!.cents]);
    expect(second.json<Order>().refunds!.map((r) => r.status)).toEqual(['pending', 'pending']);
    // Stripe's word on the older refund settles that one, not the newest.
    expect((await webhook(refundEvent('refund.updated', { ...first!, status: 'succeeded' }))).statusCode).toBe(200);
    expect((await orderOf(order._id)).refunds!.map((r) => r.status)).toEqual(['succeeded', 'pending']);
    expect((await webhook(refundEvent('refund.updated', { ...next!, status: 'succeeded' }))).statusCode).toBe(200);
    expect((await orderOf(order._id)).refunds!.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    const row = await t.database.db.selectFrom('orders').select(['refunded_cents', 'refunds_made']).where('id', '=', order._id).executeTakeFirstOrThrow();
    expect([Number(row.refunded_cents), Number(row.refunds_made)]).toEqual([100 + menu[0]!.cents, 2]);
    // What is left is checked against Stripe's amounts too: the rest, and not a cent more.
    expect((await ask({ amountCents: cents - 100 - menu[0]!.cents + 1 })).statusCode).toBe(409);
  });
});

function disputeEvent(type: 'charge.dispute.created' | 'charge.dispute.updated' | 'charge.dispute.closed', order: Order, status: string, id = `dp_${order.transactionId}`) {
  const dispute = { id, object: 'dispute', amount: Math.round(order.total * 100), currency: 'usd', charge: `ch_${order.transactionId}`, payment_intent: order.transactionId, reason: 'fraudulent', status };
  return { id: `evt_${type}_${id}_${status}`, object: 'event', type, data: { object: dispute } };
}
async function staffView(id: string): Promise<Order> {
  const res = await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: staff.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Order>();
}
async function disputeEvents(orderId: string): Promise<number> {
  return (await t.database.db.selectFrom('order_events').select('id').where('order_id', '=', orderId).where('kind', '=', 'dispute').execute()).length;
}

describe('disputes through Stripe', () => {
  it('records a dispute once however often Stripe sends it, shows it to staff and not to the customer, and follows it to its end', async () => {
    const order = await paidOrder();
    const created = disputeEvent('charge.dispute.created', order, 'needs_response');
    const answers = await Promise.all([webhook(created), webhook(created), webhook(created)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await disputeEvents(order._id)).toBe(1);
    const seen = await staffView(order._id);
    expect(seen.disputes).toEqual([{ amount: order.total, reason: 'fraudulent', status: 'needs_response', at: expect.any(String) }]);
    // The timeline is the kitchen's steps only; the customer's own answer has no dispute.
    expect(seen.timeline.map((e) => e.status)).toEqual(['placed']);
    const mine = await orderOf(order._id);
    expect(mine.disputes).toBeUndefined();
    expect(mine.timeline).toEqual(seen.timeline.map(({ by: _by, ...e }) => e));

    expect((await webhook(disputeEvent('charge.dispute.closed', order, 'lost'))).statusCode).toBe(200);
    expect((await webhook(disputeEvent('charge.dispute.closed', order, 'lost'))).statusCode).toBe(200);
    expect(await disputeEvents(order._id)).toBe(2);
    expect((await staffView(order._id)).disputes).toEqual([{ amount: order.total, reason: 'fraudulent', status: 'lost', at: seen.disputes![0]!.at }]);
  });

  it('a forged dispute changes nothing; a dispute of no order of the shop is acknowledged', async () => {
    const order = await paidOrder();
    const event = disputeEvent('charge.dispute.created', order, 'needs_response');
    const forged = sdk.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret: 'whsec_not_the_shops' });
    expect((await webhook(event, forged)).statusCode).toBe(400);
    expect(await disputeEvents(order._id)).toBe(0);
    expect((await staffView(order._id)).disputes).toBeUndefined();
    const stranger = disputeEvent('charge.dispute.created', { ...order, transactionId: 'pi_elsewhere' }, 'needs_response');
    expect((await webhook(stranger)).statusCode).toBe(200);
  });
});

/** Stripe's redirect back to the shop after a 3-D Secure check, in the customer's browser (their session cookie). */
function returnFromStripe(query: string, user: TestUser | null = customer) {
  return t.app.inject({ method: 'GET', url: `/api/payment/return?${query}`, headers: user ? { cookie: user.cookie } : {} });
}

describe('GET /api/payment/return (after 3-D Secure or a wallet)', () => {
  it('checks the intent with Stripe, records it and lands the customer on the order page', async () => {
    await fillCart(t.app, customer, [menu[0]!.id]);
    const intent = await openIntent(t.app, customer);
    expect(await confirmAtStripe(intent.intentId)).toBe(200);
    const res = await returnFromStripe(`payment_intent=${intent.intentId}&payment_intent_client_secret=${intent.clientSecret}&redirect_status=succeeded`);
    expect(res.statusCode).toBe(303);
    const order = await t.database.db.selectFrom('orders').selectAll().where('transaction_id', '=', intent.intentId).executeTakeFirstOrThrow();
    expect(res.headers.location).toBe(`/dashboard/my/orders/${order.id}`);
    expect(await recorded(intent.intentId)).toBe(1);
    expect(await cartLength(customer)).toBe(0);
    // Back again (a reload), or the webhook first: the same order, recorded once.
    expect((await webhook(succeededEvent(intents.get(intent.intentId)!))).statusCode).toBe(200);
    expect((await returnFromStripe(`payment_intent=${intent.intentId}&redirect_status=succeeded`)).headers.location).toBe(`/dashboard/my/orders/${order.id}`);
    expect(await recorded(intent.intentId)).toBe(1);
  });

  it('believes Stripe, not the address: an intent Stripe did not confirm goes back to the payment page with the reason, nothing recorded', async () => {
    await fillCart(t.app, customer, [menu[0]!.id]);
    const intent = await openIntent(t.app, customer);
    // A forged "succeeded" in the address for an intent still waiting for its card.
    const forged = await returnFromStripe(`payment_intent=${intent.intentId}&redirect_status=succeeded`);
    expect(forged.statusCode).toBe(303);
    expect(forged.headers.location).toBe('/dashboard/payment?payment=failed');
    const failed = await returnFromStripe(`payment_intent=${intent.intentId}&redirect_status=failed`);
    expect(failed.headers.location).toBe('/dashboard/payment?payment=failed');
    intents.get(intent.intentId)!.status = 'processing';
    expect((await returnFromStripe(`payment_intent=${intent.intentId}&redirect_status=succeeded`)).headers.location).toBe('/dashboard/payment?payment=processing');
    expect((await returnFromStripe('redirect_status=succeeded')).headers.location).toBe('/dashboard/payment?payment=failed');
    expect(await recorded(intent.intentId)).toBe(0);
    expect(await cartLength(customer)).toBe(1);
    intents.get(intent.intentId)!.status = 'requires_payment_method';
  });

  it("records nothing for another customer's intent, nor without a session (the webhook records it then)", async () => {
    await fillCart(t.app, customer, [menu[1]!.id]);
    const intent = await openIntent(t.app, customer);
    expect(await confirmAtStripe(intent.intentId)).toBe(200);
    const stranger = await returnFromStripe(`payment_intent=${intent.intentId}&redirect_status=succeeded`, other);
    expect(stranger.headers.location).toBe('/dashboard/payment?payment=failed');
    const signedOut = await returnFromStripe(`payment_intent=${intent.intentId}&redirect_status=succeeded`, null);
    expect(signedOut.statusCode).toBe(303);
    expect(signedOut.headers.location).toBe('/login');
    expect(await recorded(intent.intentId)).toBe(0);
    expect((await webhook(succeededEvent(intents.get(intent.intentId)!))).statusCode).toBe(200);
    expect(await recorded(intent.intentId)).toBe(1);
  });
});

describe('one order per intent', () => {
  it('under 20 browser confirmations and the webhook at once: one payment, one order, every answer the same', async () => {
    await fillCart(t.app, customer, [menu[0]!.id]);
    const intent = await openIntent(t.app, customer);
    const fake = intents.get(intent.intentId)!;
    fake.status = 'succeeded';
    const [hook, ...answers] = await Promise.all([
      webhook(succeededEvent(fake)),
      ...Array.from({ length: 20 }, () => postPayment(t.app, customer, intent.intentId)),
    ]);
    expect(hook!.statusCode).toBe(200);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json<PaymentAnswer>().order!._id)).size).toBe(1);
    expect(await recorded(intent.intentId)).toBe(1);
    const orders = await t.database.db.selectFrom('orders').select('id').where('transaction_id', '=', intent.intentId).execute();
    expect(orders).toHaveLength(1);
  });
});

/** What the browser's Stripe.js does with the client secret: Stripe confirms it, or refuses. */
async function confirmAtStripe(intentId: string): Promise<number> {
  const res = await fetch(`${standUrl}/v1/payment_intents/${intentId}/confirm`, { method: 'POST' });
  await res.text();
  return res.status;
}

describe('one charge per cart with Stripe', () => {
  it('answers the open intent again, its secret read back from Stripe (the shop keeps none)', async () => {
    await fillCart(t.app, customer, [menu[0]!.id]);
    const creates = () => requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').length;
    const before = creates();
    const first = await openIntent(t.app, customer);
    const again = await openIntent(t.app, customer);
    expect(again).toEqual(first);
    expect(creates()).toBe(before + 1);
    expect(requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${first.intentId}` });
    const row = await t.database.db.selectFrom('payment_intents').selectAll().where('id', '=', first.intentId).executeTakeFirstOrThrow();
    expect(row.client_secret).toBeNull();
  });

  it("a cart change cancels the intent at Stripe: Stripe refuses the stale tab's card, the shop refuses to record it", async () => {
    await fillCart(t.app, customer, [menu[0]!.id]);
    const stale = await openIntent(t.app, customer);
    await fillCart(t.app, customer, [menu[1]!.id]);
    expect(intents.get(stale.intentId)!.status).toBe('canceled');
    expect(await confirmAtStripe(stale.intentId)).toBe(400);
    const res = await postPayment(t.app, customer, stale.intentId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/cancelled because your cart changed/);
    const fresh = await openIntent(t.app, customer);
    expect(fresh.quantity).toBe(2);
    expect(await confirmAtStripe(fresh.intentId)).toBe(200);
    expect((await postPayment(t.app, customer, fresh.intentId)).statusCode).toBe(200);
  });

  it('money Stripe took before the cart changed is recorded, the deleted entry with it', async () => {
    await fillCart(t.app, customer, [menu[0]!.id, menu[1]!.id]);
    const intent = await openIntent(t.app, customer);
    expect(await confirmAtStripe(intent.intentId)).toBe(200);
    // No webhook yet; the customer deletes an entry in another tab. Stripe refuses to cancel a
    // succeeded intent, so the shop learns it was paid and records it, entry and all.
    const [entry] = await t.database.db.selectFrom('cart_items').select('id').where('user_id', '=', customer.id).execute();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/cart/${entry!.id}`, headers: customer.headers });
    expect(del.statusCode).toBe(200);
    const [payment] = await t.database.db.selectFrom('payments').selectAll().where('transaction_id', '=', intent.intentId).execute();
    expect(payment).toMatchObject({ quantity: 2, price_cents: Math.round(intent.amount * 100) });
    expect(await cartLength(customer)).toBe(0);
  });

  it('of payment pages opened at once, one intent stays; Stripe cancels the others', async () => {
    await fillCart(t.app, customer, [menu[1]!.id]);
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: customer.headers, payload: {} })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    const ids = new Set(answers.map((a) => a.json<{ intentId: string }>().intentId));
    expect(ids.size).toBe(1);
    const made = [...intents.values()].filter((i) => i.metadata.userId === customer.id && i.amount === menu[1]!.cents);
    const open = made.filter((i) => i.status === 'requires_payment_method');
    expect(open.map((i) => i.id)).toEqual([...ids]);
    expect(made.filter((i) => i.status !== 'requires_payment_method' && i.status !== 'canceled' && i.status !== 'succeeded')).toEqual([]);
  });

  it('a second payment Stripe took for dishes already paid (a cancellation that did not reach Stripe) is refunded in full', async () => {
    await fillCart(t.app, customer, [menu[0]!.id]);
    const first = await openIntent(t.app, customer);
    failCancelOf.add(first.intentId);
    try {
      // A changed fulfilment replaces the intent, but Stripe never hears the cancellation.
      const second = (
        await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: customer.headers, payload: { fulfilment: { type: 'table', table: '2' } } })
      ).json<{ intentId: string }>();
      expect(second.intentId).not.toBe(first.intentId);
      expect(await confirmAtStripe(first.intentId)).toBe(200);
      expect(await confirmAtStripe(second.intentId)).toBe(200);
      expect((await postPayment(t.app, customer, first.intentId)).statusCode).toBe(200);
      const refused = await postPayment(t.app, customer, second.intentId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/already paid by another payment, so this payment of \$\d+\.\d\d was refunded in full/);
      const refund = refunds.get(`refund-${second.intentId}`)!;
      expect(refund).toMatchObject({ payment_intent: second.intentId, amount: menu[0]!.cents });
      expect(await recorded(second.intentId)).toBe(0);
      // Stripe's own word on the second payment changes nothing more: acknowledged, not retried.
      expect((await webhook(succeededEvent(intents.get(second.intentId)!))).statusCode).toBe(200);
      expect(await recorded(second.intentId)).toBe(0);
      expect([...refunds.values()].filter((r) => r.payment_intent === second.intentId)).toHaveLength(1);
    } finally {
      failCancelOf.delete(first.intentId);
    }
  });

  it('the periodic check records an intent Stripe says succeeded when no webhook came', async () => {
    const checking = await createTestApp({ seed: true, env: { ...stripeEnv(), PAYMENT_CHECK_INTERVAL_MS: '200' } });
    try {
      const buyer = await signUpUser(checking.app, { name: 'Nora No-Webhook' });
      const [dish] = await menuItemIds(checking.app, 1);
      await fillCart(checking.app, buyer, [dish!.id]);
      const intent = await openIntent(checking.app, buyer);
      expect(await confirmAtStripe(intent.intentId)).toBe(200);
      await expect
        .poll(async () => (await checking.database.db.selectFrom('payments').select('id').where('transaction_id', '=', intent.intentId).execute()).length, { timeout: 5000 })
        .toBe(1);
      const order = await checking.database.db.selectFrom('orders').selectAll().where('transaction_id', '=', intent.intentId).executeTakeFirstOrThrow();
      expect(order.user_id).toBe(buyer.id);
      expect(await checking.database.db.selectFrom('cart_items').select('id').where('user_id', '=', buyer.id).execute()).toEqual([]);
    } finally {
      await checking.close();
    }
  });
});

describe('payment settings', () => {
  it('need the three Stripe keys for stripe, and refuse the sandbox in production unless allowed', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY: required[\s\S]*STRIPE_PUBLISHABLE_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'pk_wrong', STRIPE_PUBLISHABLE_KEY: 'pk_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_PROVIDER: the sandbox takes no real money/);
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_SANDBOX_IN_PRODUCTION: 'true', MAIL_DISABLED: 'true' }).PAYMENT_PROVIDER).toBe('sandbox');
    expect(loadConfig({}).PAYMENT_PROVIDER).toBe('sandbox');
    // The periodic payment check: every 5 minutes unless set; off in tests unless set.
    expect(loadConfig({}).PAYMENT_CHECK_INTERVAL_MS).toBe(300_000);
    expect(loadConfig({ NODE_ENV: 'test' }).PAYMENT_CHECK_INTERVAL_MS).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', PAYMENT_CHECK_INTERVAL_MS: '1000' }).PAYMENT_CHECK_INTERVAL_MS).toBe(1000);
    expect(() => loadConfig({ PAYMENT_CHECK_INTERVAL_MS: '-1' })).toThrow(/PAYMENT_CHECK_INTERVAL_MS/);
  });
});

describe("today's terms with Stripe (a payment confirmed in the browser, recorded later)", () => {
  const refundRequests = (intentId: string) => requests.filter((r) => r.path === '/v1/refunds' && r.body.get('payment_intent') === intentId).length;

  it('the webhook refunds a payment whose dish price rose after the intent, once, and keeps the cart', async () => {
    await fillCart(t.app, customer, [menu[0]!.id]);
    const intent = await openIntent(t.app, customer);
    const before = await t.database.db.selectFrom('menu_items').select(['price_cents', 'new_price_cents']).where('id', '=', menu[0]!.id).executeTakeFirstOrThrow();
    await t.database.db.updateTable('menu_items').set({ price_cents: 9900, new_price_cents: null }).where('id', '=', menu[0]!.id).execute();
    try {
      expect(await confirmAtStripe(intent.intentId)).toBe(200);
      for (let i = 0; i < 2; i++) expect((await webhook(succeededEvent(intents.get(intent.intentId)!))).json()).toEqual({ received: true });
      expect(refundRequests(intent.intentId)).toBe(1);
      expect(refunds.get(`refund-${intent.intentId}`)?.amount).toBe(menu[0]!.cents);
      expect(await recorded(intent.intentId)).toBe(0);
      expect(await cartLength(customer)).toBe(1);
      // The browser's call afterwards hears why, and nothing is refunded twice.
      const res = await postPayment(t.app, customer, intent.intentId);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'TERMS_CHANGED' });
      expect(refundRequests(intent.intentId)).toBe(1);
    } finally {
      await t.database.db.updateTable('menu_items').set(before).where('id', '=', menu[0]!.id).execute();
    }
  });

  it('the return from 3-D Secure refunds a payment recorded after orders were paused, back to the payment page', async () => {
    await fillCart(t.app, customer, [menu[0]!.id]);
    const intent = await openIntent(t.app, customer);
    const settings = t.app.settings.current();
    await t.app.settings.save({ ...settings, ordersPaused: true, pauseMessage: 'Back at six' });
    try {
      expect(await confirmAtStripe(intent.intentId)).toBe(200);
      const res = await returnFromStripe(`payment_intent=${intent.intentId}&redirect_status=succeeded`);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/dashboard/payment?payment=terms-changed');
      expect(refundRequests(intent.intentId)).toBe(1);
      expect(await recorded(intent.intentId)).toBe(0);
      expect(await cartLength(customer)).toBe(1);
    } finally {
      await t.app.settings.save(settings);
    }
  });

  it('the webhook refunds a succeeded intent of this shop that the shop has no record of (its account deleted)', async () => {
    const gone: FakeIntent = { id: 'pi_of_a_deleted_account', object: 'payment_intent', amount: 1234, currency: 'usd', status: 'succeeded', client_secret: 'x_secret', metadata: { userId: 'no-such-user' } };
    intents.set(gone.id, gone);
    expect((await webhook(succeededEvent(gone))).statusCode).toBe(200);
    expect(refundRequests(gone.id)).toBe(1);
    expect(refunds.get(`refund-${gone.id}`)?.amount).toBe(1234);
    // An intent of a customer the shop still has is not the webhook's to refund.
    const known: FakeIntent = { ...gone, id: 'pi_unknown_of_a_customer', metadata: { userId: customer.id } };
    intents.set(known.id, known);
    expect((await webhook(succeededEvent(known))).statusCode).toBe(200);
    expect(refundRequests(known.id)).toBe(0);
  });
});
