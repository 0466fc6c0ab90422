import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToPrice } from '../src/shared/money.ts';
import { PAYMENT_STATUS_PENDING, paymentRecordSchema, type PaymentRecord } from '../src/shared/payments.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { CARD_4242, confirmSandbox, createIntent, fillCart, menuItemIds, openIntent, pay, postPayment } from './payment-helpers.ts';

let t: TestApp;
let customer: TestUser;
let other: TestUser;
let admin: TestUser;
let menu: Array<{ id: string; cents: number; name: string }>;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  [customer, other, admin] = await Promise.all([
    signUpUser(t.app, { name: 'Cara Customer' }),
    signUpUser(t.app, { name: 'Otto Other' }),
    signUpUser(t.app, { admin: true }),
  ]);
  menu = await menuItemIds(t.app, 3);
});
afterAll(async () => t.close());

async function cartLength(user: TestUser): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `/api/cart?email=${user.email}`, headers: user.headers });
  return res.json<unknown[]>().length;
}
/** The cart's rows, read without GET /api/cart (which records a confirmed payment it finds). */
async function cartRows(user: TestUser): Promise<number> {
  return (await t.database.db.selectFrom('cart_items').select('id').where('user_id', '=', user.id).execute()).length;
}
async function paymentCount(transactionId?: string): Promise<number> {
  let query = t.database.db.selectFrom('payments').select((eb) => eb.fn.countAll<number>().as('n'));
  if (transactionId) query = query.where('transaction_id', '=', transactionId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

describe('POST /api/create-payment-intent', () => {
  it('computes the amount from the caller\'s cart, whatever price the body sends', async () => {
    await fillCart(t.app, customer, menu.map((m) => m.id));
    const intent = await openIntent(t.app, customer);
    const cents = menu.reduce((sum, m) => sum + m.cents, 0);
    expect(intent).toMatchObject({ amount: centsToPrice(cents), quantity: 3, provider: 'sandbox' });
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.intentId}_secret_`));
    const row = await t.database.db.selectFrom('payment_intents').selectAll().where('id', '=', intent.intentId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: customer.id, amount_cents: cents, status: 'requires_payment_method' });
    await t.database.db.deleteFrom('cart_items').execute();
  });

  it('answers 400 for an empty cart, 401 for anonymous; an administrator pays for their own cart only', async () => {
    expect((await createIntent(t.app, customer)).statusCode).toBe(400);
    expect((await createIntent(t.app, undefined)).statusCode).toBe(401);
    await fillCart(t.app, customer, [menu[0]!.id]);
    // The administrator's cart is empty: the customer's cart is not theirs to pay.
    expect((await createIntent(t.app, admin)).statusCode).toBe(400);
    expect((await createIntent(t.app, other)).statusCode).toBe(400);
    expect((await createIntent(t.app, customer, {})).statusCode).toBe(200);
    await t.database.db.deleteFrom('cart_items').execute();
  });
});

describe('the sandbox card check', () => {
  it('declines 4000 0000 0000 0002 and 9995 with Stripe\'s messages and refuses bad card details', async () => {
    await fillCart(t.app, customer, [menu[0]!.id]);
    const intent = await openIntent(t.app, customer);
    const cases: Array<[Partial<typeof CARD_4242>, string]> = [
      [{ number: '4000 0000 0000 0002' }, 'Your card was declined.'],
      [{ number: '4000 0000 0000 9995' }, 'Your card has insufficient funds.'],
      [{ number: '4242 4242 4242 4241' }, 'Your card number is incorrect.'],
      [{ number: '5555 5555 5555 4444' }, 'Your card was declined. This shop is in test mode: use a test card such as 4242 4242 4242 4242.'],
      [{ expiry: '01 / 20' }, "Your card's expiration date is in the past."],
      [{ expiry: '13 / 40' }, "Your card's expiration date is incomplete."],
      [{ cvc: '1' }, "Your card's security code is incomplete."],
    ];
    for (const [change, message] of cases) {
      const res = await confirmSandbox(t.app, customer, intent, { ...CARD_4242, ...change });
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatchObject({ error: { message } });
    }
    // A declined card records nothing and leaves the cart as it was.
    expect((await postPayment(t.app, customer, intent.intentId)).statusCode).toBe(409);
    expect(await paymentCount(intent.intentId)).toBe(0);
    expect(await cartLength(customer)).toBe(1);
    await t.database.db.deleteFrom('cart_items').execute();
  });

  it('confirms only with the intent\'s secret and only for its owner; it keeps no card data', async () => {
    await fillCart(t.app, customer, [menu[0]!.id]);
    const intent = await openIntent(t.app, customer);
    expect((await confirmSandbox(t.app, undefined, intent)).statusCode).toBe(401);
    expect((await confirmSandbox(t.app, other, intent)).statusCode).toBe(404);
    expect((await confirmSandbox(t.app, admin, intent)).statusCode).toBe(404);
    const wrongSecret = await confirmSandbox(t.app, customer, { ...intent, clientSecret: `${intent.clientSecret}x` });
    expect(wrongSecret.body).toMatchObject({ error: { code: 'invalid_client_secret' } });
    const ok = await confirmSandbox(t.app, customer, intent);
    expect(ok.body).toEqual({ paymentIntent: { id: intent.intentId, status: 'succeeded' } });
    const row = await t.database.db.selectFrom('payment_intents').selectAll().where('id', '=', intent.intentId).executeTakeFirstOrThrow();
    // The card number and the CVC never reach the database. (Ids are random hex, so a bare '123'
    // or '4242' could appear in them by chance: look for the card's own values.)
    expect(JSON.stringify(row)).not.toMatch(/4242\s?4242\s?4242\s?4242|424242|"123"|cvc|card_number/i);
    // Confirming again changes nothing.
    expect((await confirmSandbox(t.app, customer, intent)).body).toEqual(ok.body);
    // Recorded, so the later tests start from a customer who owes nothing.
    await pay(t.app, customer, intent.intentId);
  });
});

describe('POST /api/payment', () => {
  it('records a succeeded intent once, with status service pending, and empties the paid cart', async () => {
    await fillCart(t.app, customer, menu.map((m) => m.id));
    const intent = await openIntent(t.app, customer);
    expect((await confirmSandbox(t.app, customer, intent)).body).toMatchObject({ paymentIntent: { status: 'succeeded' } });

    // The spec's browser sends the whole record: only the transaction id is read.
    const res = await postPayment(t.app, customer, intent.intentId, { price: 0.01, email: other.email, status: 'paid', quantity: 99 });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ result: { insertedId: string }; payment: PaymentRecord }>();
    const payment = paymentRecordSchema.strict().parse(answer.payment);
    expect(answer.result.insertedId).toBe(payment._id);
    expect(payment).toMatchObject({
      name: 'Cara Customer',
      email: customer.email,
      transactionId: intent.intentId,
      price: intent.amount,
      quantity: 3,
      status: PAYMENT_STATUS_PENDING,
    });
    // The record keeps the cart's order (by the time each entry was added); these three were added
    // within the same millisecond or two, so which came first is not fixed: the dishes are the
    // three, each name beside its dish.
    expect([...payment.menuItems].sort()).toEqual(menu.map((m) => m.id).sort());
    expect(payment.itemNames).toEqual(payment.menuItems.map((id) => menu.find((m) => m.id === id)!.name));
    expect(payment.cartItems).toHaveLength(3);
    expect(await cartLength(customer)).toBe(0);

    // A replay answers the same and records nothing new.
    const replay = await postPayment(t.app, customer, intent.intentId);
    expect(replay.json()).toEqual(answer);
    expect(await paymentCount(intent.intentId)).toBe(1);
    expect(await cartLength(customer)).toBe(0);

    const mine = await t.app.inject({ method: 'GET', url: '/api/payments', headers: customer.headers });
    // Newest first; the customer's earlier payments are theirs too.
    const own = mine.json<PaymentRecord[]>();
    expect(own[0]).toEqual(answer.payment);
    expect(own.every((p) => p.email === customer.email)).toBe(true);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/payments', headers: other.headers });
    expect(theirs.json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/payments' })).statusCode).toBe(401);
    await t.database.db.deleteFrom('cart_items').execute();
  });

  it('records once when several calls for the same intent arrive at the same time', async () => {
    await fillCart(t.app, customer, [menu[1]!.id, menu[2]!.id]);
    const intent = await openIntent(t.app, customer);
    await confirmSandbox(t.app, customer, intent);
    const answers = await Promise.all(Array.from({ length: 6 }, () => postPayment(t.app, customer, intent.intentId)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    const ids = new Set(answers.map((a) => a.json<{ result: { insertedId: string } }>().result.insertedId));
    expect(ids.size).toBe(1);
    expect(await paymentCount(intent.intentId)).toBe(1);
    expect(await cartLength(customer)).toBe(0);
  });

  it("refuses another user's intent (403 for customers and administrators), an unknown one (404), anonymous (401), bad bodies (400)", async () => {
    await fillCart(t.app, customer, [menu[0]!.id]);
    const intent = await openIntent(t.app, customer);
    await confirmSandbox(t.app, customer, intent);
    expect((await postPayment(t.app, undefined, intent.intentId)).statusCode).toBe(401);
    expect((await postPayment(t.app, other, intent.intentId)).statusCode).toBe(403);
    expect((await postPayment(t.app, admin, intent.intentId)).statusCode).toBe(403);
    expect((await postPayment(t.app, customer, 'pi_sandbox_unknown')).statusCode).toBe(404);
    for (const payload of [{}, { transactionId: '' }, { transactionId: 7 }, { transactionId: 'x'.repeat(256) }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/payment', headers: customer.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/payment',
      headers: { ...customer.headers, 'content-type': 'application/json' },
      payload: `{"transactionId":"${intent.intentId}","transactionId":"pi_other"}`,
    });
    expect(twice.statusCode).toBe(400);
    expect(await paymentCount(intent.intentId)).toBe(0);
    expect(await cartRows(customer)).toBe(1);
    await pay(t.app, customer, intent.intentId);
    expect(await cartLength(customer)).toBe(0);
  });

  it('refuses an intent that has not succeeded (409) and records nothing', async () => {
    await fillCart(t.app, customer, [menu[0]!.id]);
    const intent = await openIntent(t.app, customer);
    const res = await postPayment(t.app, customer, intent.intentId);
    expect(res.statusCode).toBe(409);
    expect(await paymentCount(intent.intentId)).toBe(0);
    expect(await cartLength(customer)).toBe(1);
    await t.database.db.deleteFrom('cart_items').execute();
  });
});

describe('GET /api/admin-statistics', () => {
  it('answers administrators only, with figures equal to what was recorded', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin-statistics' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin-statistics', headers: customer.headers })).statusCode).toBe(403);
    const read = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin-statistics', headers: admin.headers });
      expect(res.statusCode).toBe(200);
      return res.json<{ users: number; estimatedItems: number; revenue: number; orders: number }>();
    };
    const before = await read();
    const payments = await t.database.db.selectFrom('payments').select('price_cents').execute();
    const menuCount = await t.database.db.selectFrom('menu_items').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    // Two customers; the administrator is not one.
    expect(before).toEqual({
      users: 2,
      estimatedItems: Number(menuCount.n),
      revenue: centsToPrice(payments.reduce((s, p) => s + p.price_cents, 0)),
      orders: payments.length,
    });

    await fillCart(t.app, other, [menu[0]!.id, menu[1]!.id]);
    const intent = await openIntent(t.app, other);
    await confirmSandbox(t.app, other, intent);
    await pay(t.app, other, intent.intentId);
    await signUpUser(t.app);
    const after = await read();
    expect(after.orders).toBe(before.orders + 1);
    expect(Math.round(after.revenue * 100)).toBe(Math.round(before.revenue * 100) + Math.round(intent.amount * 100));
    expect(after.users).toBe(3);
  });
});

describe('limits and deleted accounts', () => {
  it('refuses an amount below $0.50 (Stripe\'s smallest charge)', async () => {
    const cheap = await t.database.db
      .insertInto('menu_items')
      .values({ id: 'cheap-mint', name: 'Mint leaf', category: 'offered', price_cents: 20, new_price_cents: null, recipe: 'One leaf.', image: '/x.webp', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await fillCart(t.app, other, [cheap.id]);
    const res = await createIntent(t.app, other);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/between \$0\.50 and \$999999\.99/);
    await t.database.db.deleteFrom('menu_items').where('id', '=', cheap.id).execute();
  });

  it('keeps a payment record (and the revenue) when its customer is deleted', async () => {
    const leaver = await signUpUser(t.app, { name: 'Lee Leaver' });
    await fillCart(t.app, leaver, [menu[0]!.id]);
    const intent = await openIntent(t.app, leaver);
    await confirmSandbox(t.app, leaver, intent);
    await pay(t.app, leaver, intent.intentId);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/users/admin/${leaver.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const row = await t.database.db.selectFrom('payments').selectAll().where('transaction_id', '=', intent.intentId).executeTakeFirstOrThrow();
    // Kept for the books without the person: the name and e-mail go with the account (docs/accounts.md).
    expect(row).toMatchObject({ user_id: null, name: 'Deleted customer', email: '', price_cents: Math.round(intent.amount * 100) });
  });
});
