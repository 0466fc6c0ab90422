import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../helpers/auth.ts';
import {
  DECLINED_CARD,
  addToCart,
  confirm,
  createItem,
  createScene,
  fingerprint,
  openIntent,
  paidIntent,
  send,
  validItem,
  type Scene,
} from './scene.ts';

/** Business logic: amounts, prices and payments the client tries to bend. */
let s: Scene;
beforeAll(async () => {
  s = await createScene();
});
afterAll(async () => s.t.close());

const BAD_NUMBERS: unknown[] = [-1, 0, -0.01, 1e308, 1e21, 0.001, 12.345, 'abc', '12', '1e3', null, true, [], {}, Number.MAX_SAFE_INTEGER + 2];

async function menuCents(itemId: string): Promise<number> {
  const row = await s.app.db.selectFrom('menu_items').select(['price_cents', 'new_price_cents']).where('id', '=', itemId).executeTakeFirstOrThrow();
  return row.new_price_cents ?? row.price_cents;
}

async function cartOf(userId: string) {
  return s.app.db.selectFrom('cart_items').select(['id', 'price_cents', 'menu_item_id']).where('user_id', '=', userId).execute();
}

async function paymentRows(transactionId: string) {
  return s.app.db.selectFrom('payments').selectAll().where('transaction_id', '=', transactionId).execute();
}

describe('business logic: the client sets no price', () => {
  it('a cart entry costs the menu price whatever price, name, image or owner the body claims', async () => {
    const user = await signUpUser(s.app);
    for (const price of [...BAD_NUMBERS, 0.01, 99999]) {
      const res = await send(s.app, {
        method: 'POST',
        url: '/api/cart',
        headers: user.headers,
        payload: { itemId: s.itemId, price, name: 'Free lunch', image: 'https://evil.example/x.png', email: s.owner.email },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const cart = await cartOf(user.id);
    const cents = await menuCents(s.itemId);
    expect(cart.every((row) => row.price_cents === cents)).toBe(true);
    const names = await s.app.db.selectFrom('cart_items').select(['name', 'image']).where('user_id', '=', user.id).execute();
    expect(names.every((row) => row.name !== 'Free lunch' && !row.image.includes('evil'))).toBe(true);
    expect(await cartOf(s.owner.id)).toEqual([]);
  });

  it('the intent charges the cart total whatever price the body sends', async () => {
    const user = await signUpUser(s.app);
    await addToCart(s, user);
    await addToCart(s, user);
    const total = (2 * (await menuCents(s.itemId))) / 100;
    for (const price of [...BAD_NUMBERS, 0.5, total * 10]) {
      const res = await send(s.app, { method: 'POST', url: '/api/create-payment-intent', headers: user.headers, payload: { price } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ amount: number }>().amount).toBe(total);
    }
    const amounts = await s.app.db.selectFrom('payment_intents').select('amount_cents').where('user_id', '=', user.id).execute();
    expect(new Set(amounts.map((a) => a.amount_cents))).toEqual(new Set([Math.round(total * 100)]));
  });

  it('an item id that is not a short string is refused with 400 and adds nothing', async () => {
    const user = await signUpUser(s.app);
    for (const itemId of [123, null, true, [], {}, '', ' ', 'x'.repeat(101), { $ne: null }, [s.itemId]]) {
      const res = await send(s.app, { method: 'POST', url: '/api/cart', headers: user.headers, payload: { itemId } });
      expect(res.statusCode, JSON.stringify(itemId)).toBe(400);
    }
    expect((await send(s.app, { method: 'POST', url: '/api/cart', headers: user.headers, payload: { itemId: 'no-such-item' } })).statusCode).toBe(404);
    expect(await cartOf(user.id)).toEqual([]);
  });

  it('a body naming the item twice is refused (duplicated JSON keys)', async () => {
    const user = await signUpUser(s.app);
    const other = await createItem(s);
    const payload = `{"itemId":"${s.itemId}","itemId":"${other}"}`;
    const res = await send(s.app, { method: 'POST', url: '/api/cart', headers: { ...user.headers, 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(400);
    const pay = await send(s.app, {
      method: 'POST',
      url: '/api/payment',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '{"transactionId":"a","transactionId":"b"}',
    });
    expect(pay.statusCode).toBe(400);
    expect(await cartOf(user.id)).toEqual([]);
  });

  it('an administrator cannot set a negative, zero, huge, fractional-cent or non-numeric price', async () => {
    const id = await createItem(s);
    const before = await fingerprint(s.app);
    for (const price of BAD_NUMBERS) {
      const body = { ...validItem(s), price };
      const created = await send(s.app, { method: 'POST', url: '/api/items', headers: s.admin.headers, payload: body });
      expect(created.statusCode, `POST price ${JSON.stringify(price)}`).toBe(400);
      const patched = await send(s.app, { method: 'PATCH', url: `/api/items/${id}`, headers: s.admin.headers, payload: body });
      expect(patched.statusCode, `PATCH price ${JSON.stringify(price)}`).toBe(400);
    }
    expect(await fingerprint(s.app)).toBe(before);
    // The smallest and largest accepted prices are stored to the cent.
    for (const [price, cents] of [[0.01, 1], [100000, 10_000_000], [19.99, 1999], [0.29, 29]] as const) {
      const res = await send(s.app, { method: 'PATCH', url: `/api/items/${id}`, headers: s.admin.headers, payload: { ...validItem(s), price } });
      expect(res.statusCode).toBe(200);
      expect(await menuCents(id)).toBe(cents);
    }
  });

  it('a cart below the card minimum or above the maximum gets no intent', async () => {
    const user = await signUpUser(s.app);
    const cheap = await createItem(s, { ...validItem(s), price: 0.01 });
    await addToCart(s, user, cheap);
    expect((await send(s.app, { method: 'POST', url: '/api/create-payment-intent', headers: user.headers, payload: {} })).statusCode).toBe(400);
    const empty = await signUpUser(s.app);
    expect((await send(s.app, { method: 'POST', url: '/api/create-payment-intent', headers: empty.headers })).statusCode).toBe(400);
  });
});

describe('business logic: payments', () => {
  it('an unconfirmed or declined intent records nothing', async () => {
    const user = await signUpUser(s.app);
    await addToCart(s, user);
    const intent = await openIntent(s, user);
    const early = await send(s.app, { method: 'POST', url: '/api/payment', headers: user.headers, payload: { transactionId: intent.intentId } });
    expect(early.statusCode).toBe(409);
    const declined = await confirm(s, user, intent, DECLINED_CARD);
    expect(declined.json()).toHaveProperty('error');
    const late = await send(s.app, { method: 'POST', url: '/api/payment', headers: user.headers, payload: { transactionId: intent.intentId } });
    expect(late.statusCode).toBe(409);
    expect(await paymentRows(intent.intentId)).toEqual([]);
    expect(await cartOf(user.id)).toHaveLength(1);
  });

  it('a confirmation with another secret is refused', async () => {
    const user = await signUpUser(s.app);
    await addToCart(s, user);
    const intent = await openIntent(s, user);
    const res = await confirm(s, user, { intentId: intent.intentId, clientSecret: `${intent.intentId}_secret_forged` });
    expect(res.statusCode === 200 ? res.json() : res.statusCode).not.toHaveProperty('paymentIntent');
    const pay = await send(s.app, { method: 'POST', url: '/api/payment', headers: user.headers, payload: { transactionId: intent.intentId } });
    expect(pay.statusCode).toBe(409);
  });

  it('a replayed payment is recorded once and answers the same record', async () => {
    const user = await signUpUser(s.app);
    const transactionId = await paidIntent(s, user);
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const res = await send(s.app, { method: 'POST', url: '/api/payment', headers: user.headers, payload: { transactionId } });
      expect(res.statusCode).toBe(200);
      answers.push(res.json<{ result: { insertedId: string } }>().result.insertedId);
    }
    expect(new Set(answers).size).toBe(1);
    expect(await paymentRows(transactionId)).toHaveLength(1);
  });

  it('twenty concurrent payments of one intent record it once and remove the cart entries once', async () => {
    const user = await signUpUser(s.app);
    await addToCart(s, user);
    await addToCart(s, user);
    const intent = await openIntent(s, user);
    await confirm(s, user, intent);
    const kept = await addToCart(s, user); // added after the intent: not paid, must stay
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(s.app, { method: 'POST', url: '/api/payment', headers: user.headers, payload: { transactionId: intent.intentId } }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((r) => r.json<{ result: { insertedId: string } }>().result.insertedId)).size).toBe(1);
    const rows = await paymentRows(intent.intentId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.price_cents).toBe(Math.round(intent.amount * 100));
    expect((await cartOf(user.id)).map((r) => r.id)).toEqual([kept]);
  });

  it('concurrent confirmations of one intent charge it once', async () => {
    const user = await signUpUser(s.app);
    await addToCart(s, user);
    const intent = await openIntent(s, user);
    const results = await Promise.all(Array.from({ length: 10 }, () => confirm(s, user, intent)));
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
    const pays = await Promise.all(
      Array.from({ length: 10 }, () => send(s.app, { method: 'POST', url: '/api/payment', headers: user.headers, payload: { transactionId: intent.intentId } })),
    );
    expect(pays.every((r) => r.statusCode === 200)).toBe(true);
    expect(await paymentRows(intent.intentId)).toHaveLength(1);
  });

  it("another customer's paid intent cannot be recorded under their name", async () => {
    const victim = await signUpUser(s.app);
    const thief = await signUpUser(s.app);
    const transactionId = await paidIntent(s, victim);
    const res = await send(s.app, { method: 'POST', url: '/api/payment', headers: thief.headers, payload: { transactionId } });
    expect(res.statusCode).toBe(403);
    expect(await paymentRows(transactionId)).toEqual([]);
  });

  it('paying for an item deleted from the menu: an open intent records what was charged; a new cart no longer holds it', async () => {
    const user = await signUpUser(s.app);
    const doomed = await createItem(s, { ...validItem(s, 'Soon gone'), price: 7.25 });
    await addToCart(s, user, doomed);
    const intent = await openIntent(s, user);
    expect((await send(s.app, { method: 'DELETE', url: `/api/items/${doomed}`, headers: s.admin.headers })).statusCode).toBe(200);
    // The menu item is gone, and with it the cart entry: nothing left to open a new intent for.
    expect(await cartOf(user.id)).toEqual([]);
    expect((await send(s.app, { method: 'POST', url: '/api/create-payment-intent', headers: user.headers })).statusCode).toBe(400);
    // The intent opened before: paying it records exactly the amount charged, once.
    await confirm(s, user, intent);
    const res = await send(s.app, { method: 'POST', url: '/api/payment', headers: user.headers, payload: { transactionId: intent.intentId } });
    expect(res.statusCode).toBeLessThan(500);
    const rows = await paymentRows(intent.intentId);
    expect(rows.length).toBeLessThanOrEqual(1);
    if (rows.length === 1) expect(rows[0]!.price_cents).toBe(725);
    // Cart entries cannot point at a deleted item.
    expect((await send(s.app, { method: 'POST', url: '/api/cart', headers: user.headers, payload: { itemId: doomed } })).statusCode).toBe(404);
  });

  it('a price raised after the intent is not charged at the old price: the card is refused, nothing recorded', async () => {
    const user = await signUpUser(s.app);
    const item = await createItem(s, { ...validItem(s, 'Price moves'), price: 3 });
    await addToCart(s, user, item);
    const intent = await openIntent(s, user);
    await send(s.app, { method: 'PATCH', url: `/api/items/${item}`, headers: s.admin.headers, payload: { ...validItem(s, 'Price moves'), price: 300 } });
    const confirmed = await confirm(s, user, intent);
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json<{ code: string }>().code).toBe('TERMS_CHANGED');
    const res = await send(s.app, { method: 'POST', url: '/api/payment', headers: user.headers, payload: { transactionId: intent.intentId } });
    expect(res.statusCode).toBe(409);
    expect(await paymentRows(intent.intentId)).toEqual([]);
  });

  it('revenue in the statistics is the sum of the recorded payments', async () => {
    const stats = await send(s.app, { method: 'GET', url: '/api/admin-statistics', headers: s.admin.headers });
    const rows = await s.app.db.selectFrom('payments').select('price_cents').execute();
    const sum = rows.reduce((acc, r) => acc + r.price_cents, 0);
    expect(Math.round(stats.json<{ revenue: number }>().revenue * 100)).toBe(sum);
    expect(stats.json<{ orders: number }>().orders).toBe(rows.length);
  });
});
