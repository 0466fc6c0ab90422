import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CartEntry } from '../src/shared/cart.ts';
import { centsToPrice } from '../src/shared/money.ts';
import { PAYMENT_CANCELED_MESSAGE, type CreateIntentAnswer, type PaymentAnswer } from '../src/shared/payments.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, openSecondApp, type TestApp } from './helpers/test-app.ts';
import { confirmSandbox, createIntent, fillCart, menuItemIds, openIntent, pay, postPayment } from './payment-helpers.ts';

/**
 * One charge per cart (docs/decisions/0021-one-charge-per-cart.md), with the sandbox provider: one
 * open intent per customer, reused while the cart is the same and cancelled when it changes; a
 * payment confirmed but never recorded is recorded by the next look at the cart, the payment page
 * or a start; the intent is priced from today's menu.
 */
let t: TestApp;
let admin: TestUser;
let menu: Array<{ id: string; cents: number; name: string }>;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  admin = await signUpUser(t.app, { admin: true });
  menu = await menuItemIds(t.app, 4);
});
afterAll(async () => t.close());

let customer: TestUser;
beforeEach(async () => {
  customer = await signUpUser(t.app, { name: 'Tabitha Tabs' });
});

async function cartOf(user: TestUser): Promise<CartEntry[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/cart?email=${user.email}`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CartEntry[]>();
}
async function cartIds(user: TestUser): Promise<string[]> {
  const rows = await t.database.db.selectFrom('cart_items').select('id').where('user_id', '=', user.id).orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => r.id);
}
async function intentRow(id: string) {
  return t.database.db.selectFrom('payment_intents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
async function intentsOf(user: TestUser) {
  return t.database.db.selectFrom('payment_intents').selectAll().where('user_id', '=', user.id).execute();
}
async function paymentsOf(user: TestUser) {
  return t.database.db.selectFrom('payments').selectAll().where('user_id', '=', user.id).execute();
}
async function ordersOf(user: TestUser) {
  return t.database.db.selectFrom('orders').selectAll().where('user_id', '=', user.id).execute();
}
function deleteEntry(user: TestUser, id: string) {
  return t.app.inject({ method: 'DELETE', url: `/api/cart/${id}`, headers: user.headers });
}
const sum = (cents: number[]) => cents.reduce((a, b) => a + b, 0);

describe('one open intent per customer', () => {
  it('opening the payment page twice answers the same intent, id and secret', async () => {
    await fillCart(t.app, customer, [menu[0]!.id, menu[1]!.id]);
    const first = await openIntent(t.app, customer);
    const second = await openIntent(t.app, customer);
    expect(second).toEqual(first);
    expect(await intentsOf(customer)).toHaveLength(1);
    expect((await intentRow(first.intentId)).open_for_user).toBe(customer.id);
  });

  it('a changed fulfilment replaces the intent; the first is cancelled and can be neither confirmed nor recorded', async () => {
    await fillCart(t.app, customer, [menu[0]!.id]);
    const pickup = await openIntent(t.app, customer);
    const table = (await createIntent(t.app, customer, { fulfilment: { type: 'table', table: '5' } })).json<CreateIntentAnswer>();
    expect(table.intentId).not.toBe(pickup.intentId);
    expect(await intentRow(pickup.intentId)).toMatchObject({ status: 'canceled', open_for_user: null, settled_at: expect.any(String) });

    const refused = await confirmSandbox(t.app, customer, pickup);
    expect(refused.body).toEqual({ error: { code: 'payment_intent_unexpected_state', message: PAYMENT_CANCELED_MESSAGE } });
    const record = await postPayment(t.app, customer, pickup.intentId);
    expect(record.statusCode).toBe(409);
    expect(record.json().message).toBe(PAYMENT_CANCELED_MESSAGE);
    expect(await paymentsOf(customer)).toEqual([]);
    // The new one pays.
    await confirmSandbox(t.app, customer, table);
    expect((await pay(t.app, customer, table.intentId)).order!.fulfilment).toEqual({ type: 'table', table: '5' });
  });

  it('adding to the cart cancels the open intent: a stale tab cannot pay, the next intent pays the whole cart', async () => {
    await fillCart(t.app, customer, [menu[0]!.id]);
    const stale = await openIntent(t.app, customer);
    await fillCart(t.app, customer, [menu[1]!.id]);
    expect((await intentRow(stale.intentId)).status).toBe('canceled');
    expect((await confirmSandbox(t.app, customer, stale)).body).toMatchObject({ error: { message: PAYMENT_CANCELED_MESSAGE } });
    expect((await postPayment(t.app, customer, stale.intentId)).statusCode).toBe(409);

    const fresh = await openIntent(t.app, customer);
    expect(fresh.intentId).not.toBe(stale.intentId);
    expect(fresh).toMatchObject({ quantity: 2, amount: centsToPrice(menu[0]!.cents + menu[1]!.cents) });
    await confirmSandbox(t.app, customer, fresh);
    await pay(t.app, customer, fresh.intentId);
    expect(await cartIds(customer)).toEqual([]);
  });

  it('an entry deleted after the intent was made: the old intent is refused, the new amount leaves it out', async () => {
    await fillCart(t.app, customer, [menu[0]!.id, menu[1]!.id, menu[2]!.id]);
    const [, gone] = await cartIds(customer);
    const old = await openIntent(t.app, customer);
    expect(old.amount).toBe(centsToPrice(sum(menu.slice(0, 3).map((m) => m.cents))));
    expect((await deleteEntry(customer, gone!)).statusCode).toBe(200);

    expect((await confirmSandbox(t.app, customer, old)).body).toMatchObject({ error: { code: 'payment_intent_unexpected_state' } });
    expect((await postPayment(t.app, customer, old.intentId)).statusCode).toBe(409);
    const fresh = await openIntent(t.app, customer);
    expect(fresh).toMatchObject({ quantity: 2, amount: centsToPrice(menu[0]!.cents + menu[2]!.cents) });
    await confirmSandbox(t.app, customer, fresh);
    const { payment, order } = await pay(t.app, customer, fresh.intentId);
    expect(payment.cartItems).not.toContain(gone);
    expect(order!.total).toBe(centsToPrice(menu[0]!.cents + menu[2]!.cents));
    expect(await paymentsOf(customer)).toHaveLength(1);
  });

  it('ten payment pages opened at once share one intent (the unique open intent decides)', async () => {
    await fillCart(t.app, customer, [menu[0]!.id, menu[3]!.id]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => createIntent(t.app, customer)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.json<CreateIntentAnswer>().intentId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.json<CreateIntentAnswer>().clientSecret)).size).toBe(1);
    // The losers' sandbox intents were never stored: only the open one exists.
    expect(await intentsOf(customer)).toHaveLength(1);
  });

  it('two tabs confirming at once: one charge, one payment, one order', async () => {
    await fillCart(t.app, customer, [menu[1]!.id, menu[2]!.id]);
    const [tabA, tabB] = await Promise.all([openIntent(t.app, customer), openIntent(t.app, customer)]);
    expect(tabB!.intentId).toBe(tabA!.intentId);
    const confirms = await Promise.all([confirmSandbox(t.app, customer, tabA!), confirmSandbox(t.app, customer, tabB!)]);
    expect(confirms.map((c) => c.body)).toEqual(Array(2).fill({ paymentIntent: { id: tabA!.intentId, status: 'succeeded' } }));
    const records = await Promise.all([postPayment(t.app, customer, tabA!.intentId), postPayment(t.app, customer, tabB!.intentId)]);
    expect(records.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(new Set(records.map((r) => r.json<PaymentAnswer>().order!._id)).size).toBe(1);
    expect(await paymentsOf(customer)).toHaveLength(1);
    expect(await ordersOf(customer)).toHaveLength(1);
  });

  it('two tabs where the cart changed in between: the older tab is refused, the newer one pays, once', async () => {
    await fillCart(t.app, customer, [menu[1]!.id]);
    const tabA = await openIntent(t.app, customer);
    await fillCart(t.app, customer, [menu[2]!.id]);
    const tabB = await openIntent(t.app, customer);
    const [a, b] = await Promise.all([confirmSandbox(t.app, customer, tabA), confirmSandbox(t.app, customer, tabB)]);
    expect(a.body).toMatchObject({ error: { code: 'payment_intent_unexpected_state' } });
    expect(b.body).toMatchObject({ paymentIntent: { status: 'succeeded' } });
    const [ra, rb] = await Promise.all([postPayment(t.app, customer, tabA.intentId), postPayment(t.app, customer, tabB.intentId)]);
    expect([ra.statusCode, rb.statusCode]).toEqual([409, 200]);
    expect(await paymentsOf(customer)).toHaveLength(1);
    expect(await ordersOf(customer)).toHaveLength(1);
  });
});

describe("the server's refusals", () => {
  it('refuses to confirm an intent whose entries left the cart another way (a dish deleted from the menu): 409, nothing changed', async () => {
    const dishId = `short-lived-${customer.id.slice(0, 8)}`;
    await t.database.db
      .insertInto('menu_items')
      .values({ id: dishId, name: 'Short-lived salad', category: 'offered', price_cents: 650, new_price_cents: null, recipe: 'Leaves.', image: '/x.webp', created_at: new Date().toISOString() })
      .execute();
    await fillCart(t.app, customer, [menu[0]!.id, dishId]);
    const intent = await openIntent(t.app, customer);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/items/${dishId}`, headers: admin.headers })).statusCode).toBe(200);
    const before = await intentRow(intent.intentId);
    const res = await confirmSandbox(t.app, customer, intent);
    expect(res.statusCode).toBe(409);
    expect(JSON.stringify(res.body)).toMatch(/Your cart changed since this payment was prepared/);
    expect(await intentRow(intent.intentId)).toEqual(before);
    expect(await paymentsOf(customer)).toEqual([]);
  });

  it('refunds a payment the provider took for dishes another payment had paid, and says so', async () => {
    await fillCart(t.app, customer, [menu[0]!.id, menu[1]!.id]);
    const first = await openIntent(t.app, customer);
    await confirmSandbox(t.app, customer, first);
    await pay(t.app, customer, first.intentId);
    // A second intent for the same entries that the provider says succeeded: what two tabs could
    // do before the shop kept one intent per customer (and what a provider's lost cancellation could).
    const row = await intentRow(first.intentId);
    const second = { ...row, id: `pi_sandbox_second_${customer.id.slice(0, 8)}`, client_secret: 'x', status: 'succeeded', open_for_user: null, settled_at: null };
    await t.database.db.insertInto('payment_intents').values(second).execute();

    const res = await postPayment(t.app, customer, second.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`These dishes were already paid by another payment, so this payment of $${first.amount.toFixed(2)} was refunded in full.`);
    const refund = await t.database.db.selectFrom('sandbox_refunds').selectAll().where('intent_id', '=', second.id).executeTakeFirstOrThrow();
    expect(refund.amount_cents).toBe(row.amount_cents);
    expect(await paymentsOf(customer)).toHaveLength(1);
    expect(await ordersOf(customer)).toHaveLength(1);
    expect((await intentRow(second.id)).settled_at).not.toBeNull();
    // Asking again answers the same, with the same single refund.
    expect((await postPayment(t.app, customer, second.id)).statusCode).toBe(409);
    expect(await t.database.db.selectFrom('sandbox_refunds').select('id').where('intent_id', '=', second.id).execute()).toHaveLength(1);
  });
});

describe('a payment confirmed but never recorded (the process died before POST /api/payment)', () => {
  async function confirmedNotRecorded(): Promise<CreateIntentAnswer> {
    await fillCart(t.app, customer, [menu[2]!.id, menu[3]!.id]);
    await fillCart(t.app, customer, [menu[2]!.id]);
    const intent = await openIntent(t.app, customer);
    expect((await confirmSandbox(t.app, customer, intent)).body).toMatchObject({ paymentIntent: { status: 'succeeded' } });
    expect(await paymentsOf(customer)).toEqual([]);
    return intent;
  }

  it('is recorded, with its order, when the customer opens the cart', async () => {
    const intent = await confirmedNotRecorded();
    expect(await cartOf(customer)).toEqual([]);
    const [payment] = await paymentsOf(customer);
    expect(payment).toMatchObject({ transaction_id: intent.intentId, price_cents: Math.round(intent.amount * 100), quantity: 3 });
    expect(await ordersOf(customer)).toMatchObject([{ transaction_id: intent.intentId, status: 'placed' }]);
    expect(await intentRow(intent.intentId)).toMatchObject({ status: 'succeeded', open_for_user: null, settled_at: expect.any(String) });
    // The browser's own call, arriving late, answers the same record.
    expect((await pay(t.app, customer, intent.intentId)).payment.transactionId).toBe(intent.intentId);
    expect(await paymentsOf(customer)).toHaveLength(1);
  });

  it('is recorded when the customer opens the payment page', async () => {
    const intent = await confirmedNotRecorded();
    await fillCart(t.app, customer, [menu[0]!.id]);
    // Adding to the cart recorded it first: the new entry is all that is left to pay.
    expect(await paymentsOf(customer)).toHaveLength(1);
    const next = await openIntent(t.app, customer);
    expect(next).toMatchObject({ quantity: 1, amount: centsToPrice(menu[0]!.cents) });
    expect(next.intentId).not.toBe(intent.intentId);
  });

  it('is recorded by the payment page itself when it is the first to look', async () => {
    const intent = await confirmedNotRecorded();
    const res = await createIntent(t.app, customer);
    // The whole cart was in the recorded payment: nothing left to pay.
    expect(res.statusCode).toBe(400);
    expect(await paymentsOf(customer)).toMatchObject([{ transaction_id: intent.intentId }]);
    expect(await ordersOf(customer)).toHaveLength(1);
  });

  it('is recorded at start-up by a new process on the same database', async () => {
    const intent = await confirmedNotRecorded();
    const restarted = await openSecondApp(t);
    try {
      expect(await paymentsOf(customer)).toMatchObject([{ transaction_id: intent.intentId }]);
      expect(await ordersOf(customer)).toHaveLength(1);
      expect(await cartIds(customer)).toEqual([]);
    } finally {
      await restarted.close();
    }
  });
});

describe("the price is today's", () => {
  it('charges the price on the menu now, and the cart shows the old price beside it', async () => {
    const dish = menu[1]!;
    await fillCart(t.app, customer, [dish.id, menu[2]!.id]);
    const raised = dish.cents + 250;
    await t.database.db.updateTable('menu_items').set({ price_cents: raised, new_price_cents: null }).where('id', '=', dish.id).execute();
    try {
      const cart = await cartOf(customer);
      expect(cart[0]).toMatchObject({ itemId: dish.id, price: centsToPrice(raised), priceWhenAdded: centsToPrice(dish.cents) });
      expect(cart[1]).not.toHaveProperty('priceWhenAdded');
      const intent = await openIntent(t.app, customer);
      expect(intent.amount).toBe(centsToPrice(raised + menu[2]!.cents));
      await confirmSandbox(t.app, customer, intent);
      const { payment, order } = await pay(t.app, customer, intent.intentId);
      expect(payment.price).toBe(centsToPrice(raised + menu[2]!.cents));
      expect(order!.lines.find((l) => l.itemId === dish.id)!.price).toBe(centsToPrice(raised));
    } finally {
      await t.database.db.updateTable('menu_items').set({ price_cents: dish.cents }).where('id', '=', dish.id).execute();
    }
  });

  it('a price changed while the intent is open makes the next payment page open a new intent at the new price', async () => {
    const dish = menu[3]!;
    await fillCart(t.app, customer, [dish.id]);
    const before = await openIntent(t.app, customer);
    await t.database.db.updateTable('menu_items').set({ price_cents: dish.cents + 100, new_price_cents: null }).where('id', '=', dish.id).execute();
    try {
      const after = await openIntent(t.app, customer);
      expect(after.intentId).not.toBe(before.intentId);
      expect(after.amount).toBe(centsToPrice(dish.cents + 100));
      expect((await intentRow(before.intentId)).status).toBe('canceled');
    } finally {
      await t.database.db.updateTable('menu_items').set({ price_cents: dish.cents }).where('id', '=', dish.id).execute();
    }
  });
});
