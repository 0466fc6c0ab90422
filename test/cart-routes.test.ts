import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_MAX_ENTRIES, cartEntrySchema, cartTotalCents, type CartEntry } from '../src/shared/cart.ts';
import { centsToPrice } from '../src/shared/money.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let customer: TestUser;
let other: TestUser;
let admin: TestUser;
/** Two menu items: one at its plain price, one on offer (with a new price). */
let plain: { id: string; name: string; image: string; price_cents: number };
let offered: { id: string; price_cents: number; new_price_cents: number };

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  [customer, other, admin] = await Promise.all([
    signUpUser(t.app, { name: 'Cara Customer' }),
    signUpUser(t.app, { name: 'Otto Other' }),
    signUpUser(t.app, { admin: true, name: 'Ada Admin' }),
  ]);
  plain = await t.database.db
    .selectFrom('menu_items')
    .select(['id', 'name', 'image', 'price_cents'])
    .where('new_price_cents', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const row = await t.database.db
    .selectFrom('menu_items')
    .select(['id', 'price_cents', 'new_price_cents'])
    .where('new_price_cents', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  offered = { ...row, new_price_cents: row.new_price_cents! };
});
afterAll(async () => t.close());

function add(user: TestUser | undefined, payload: unknown, raw?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/cart',
    headers: { ...(user?.headers ?? {}), 'content-type': 'application/json' },
    payload: raw ?? JSON.stringify(payload),
  });
}
function list(user: TestUser | undefined, email = user?.email ?? 'nobody@example.test') {
  return t.app.inject({ method: 'GET', url: `/api/cart?email=${encodeURIComponent(email)}`, headers: user?.headers });
}
function remove(user: TestUser | undefined, id: string) {
  return t.app.inject({ method: 'DELETE', url: `/api/cart/${id}`, headers: user?.headers });
}
async function cartOf(user: TestUser): Promise<CartEntry[]> {
  const res = await list(user);
  expect(res.statusCode).toBe(200);
  return res.json<CartEntry[]>().map((e) => cartEntrySchema.strict().parse(e));
}
async function clearCart(user: TestUser): Promise<void> {
  await t.database.db.deleteFrom('cart_items').where('user_id', '=', user.id).execute();
}

describe('POST /api/cart', () => {
  it('adds the menu item with the menu name, price and image, owned by the caller whatever the body says', async () => {
    const res = await add(customer, {
      itemId: plain.id,
      name: 'Free lunch',
      price: 0.01,
      image: 'https://evil.example/x.png',
      email: other.email,
    });
    expect(res.statusCode).toBe(201);
    const { insertedId } = res.json<{ insertedId: string }>();
    expect(insertedId).toEqual(expect.any(String));
    const cart = await cartOf(customer);
    expect(cart).toEqual([
      { _id: insertedId, itemId: plain.id, name: plain.name, price: centsToPrice(plain.price_cents), image: plain.image, email: customer.email },
    ]);
    expect(await cartOf(other)).toEqual([]);
    await clearCart(customer);
  });

  it('charges an item on offer at its new price', async () => {
    expect((await add(customer, { itemId: offered.id })).statusCode).toBe(201);
    expect((await cartOf(customer))[0]!.price).toBe(centsToPrice(offered.new_price_cents));
    await clearCart(customer);
  });

  it('ignores a negative or huge price in the body', async () => {
    for (const price of [-100, 1e308, 99999999999]) {
      expect((await add(customer, { itemId: plain.id, price })).statusCode).toBe(201);
    }
    expect((await cartOf(customer)).map((e) => e.price)).toEqual(Array(3).fill(centsToPrice(plain.price_cents)));
    await clearCart(customer);
  });

  it('answers 404 for an unknown item and 400 for a missing, empty, numeric or overlong item id', async () => {
    expect((await add(customer, { itemId: 'no-such-item' })).statusCode).toBe(404);
    for (const body of [{}, { itemId: '' }, { itemId: 42 }, { itemId: 'x'.repeat(101) }, { itemId: null }, []]) {
      const res = await add(customer, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await add(customer, undefined, '{"itemId": ')).statusCode).toBe(400);
    expect(await cartOf(customer)).toEqual([]);
  });

  it('refuses a body that names the item twice', async () => {
    const res = await add(customer, undefined, `{"itemId":"${plain.id}","itemId":"${offered.id}"}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fieldErrors: { itemId: ['Given twice'] } });
    // A repeated key inside a nested object counts too; equal keys in different objects do not.
    expect((await add(customer, undefined, `{"itemId":"${plain.id}","x":{"a":1,"a":2}}`)).statusCode).toBe(400);
    expect((await add(customer, undefined, `{"itemId":"${plain.id}","x":[{"a":1},{"a":2}]}`)).statusCode).toBe(201);
    await clearCart(customer);
  });

  it('keeps a cart to at most CART_MAX_ENTRIES entries (409 beyond)', async () => {
    const now = new Date().toISOString();
    await t.database.db
      .insertInto('cart_items')
      .values(
        Array.from({ length: CART_MAX_ENTRIES - 1 }, (_, i) => ({
          id: `bulk-${i}`,
          user_id: other.id,
          menu_item_id: plain.id,
          name: plain.name,
          price_cents: plain.price_cents,
          image: plain.image,
          created_at: now,
        })),
      )
      .execute();
    expect((await add(other, { itemId: plain.id })).statusCode).toBe(201);
    const full = await add(other, { itemId: plain.id });
    expect(full.statusCode).toBe(409);
    expect(full.json<{ message: string }>().message).toBe(`A cart holds at most ${CART_MAX_ENTRIES} items. Pay for these first.`);
    const entries = await t.database.db.selectFrom('cart_items').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', other.id).executeTakeFirstOrThrow();
    expect(Number(entries.n)).toBe(CART_MAX_ENTRIES);
    await clearCart(other);
  });

  it('authorization: anonymous 401, a bad token 401; customers and administrators add to their own cart', async () => {
    expect((await add(undefined, { itemId: plain.id })).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { authorization: 'Bearer nope' },
      payload: { itemId: plain.id },
    });
    expect(bad.statusCode).toBe(401);
    expect((await add(admin, { itemId: plain.id })).statusCode).toBe(201);
    expect(await cartOf(admin)).toHaveLength(1);
    await clearCart(admin);
  });
});

describe('GET /api/cart?email=', () => {
  it("answers only the caller's own cart: another e-mail is 403 for customers and administrators alike", async () => {
    await add(customer, { itemId: plain.id });
    expect((await list(undefined, customer.email)).statusCode).toBe(401);
    expect((await list(other, customer.email)).statusCode).toBe(403);
    expect((await list(admin, customer.email)).statusCode).toBe(403);
    expect(await cartOf(customer)).toHaveLength(1);
    // The e-mail is compared without regard to case.
    expect((await list(customer, customer.email.toUpperCase())).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/cart', headers: customer.headers })).statusCode).toBe(400);
    expect((await list(customer, 'not-an-email')).statusCode).toBe(400);
    await clearCart(customer);
  });
});

describe('DELETE /api/cart/{id}', () => {
  it("deletes the caller's own entry; another customer's or an administrator's attempt is 404 and deletes nothing", async () => {
    const { insertedId } = (await add(customer, { itemId: plain.id })).json<{ insertedId: string }>();
    expect((await remove(undefined, insertedId)).statusCode).toBe(401);
    expect((await remove(other, insertedId)).statusCode).toBe(404);
    expect((await remove(admin, insertedId)).statusCode).toBe(404);
    expect(await cartOf(customer)).toHaveLength(1);
    const res = await remove(customer, insertedId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await cartOf(customer)).toEqual([]);
    expect((await remove(customer, insertedId)).statusCode).toBe(404);
    expect((await remove(customer, 'x'.repeat(101))).statusCode).toBe(400);
  });
});

describe('a deleted menu item', () => {
  it('takes its cart entries with it (ON DELETE CASCADE), so nobody pays for it', async () => {
    const victim = await t.database.db
      .selectFrom('menu_items')
      .selectAll()
      .where('id', '!=', plain.id)
      .where('id', '!=', offered.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await add(customer, { itemId: victim.id });
    await add(customer, { itemId: plain.id });
    await t.database.db.deleteFrom('menu_items').where('id', '=', victim.id).execute();
    expect((await cartOf(customer)).map((e) => e.itemId)).toEqual([plain.id]);
    await clearCart(customer);
  });
});

describe('cartTotalCents', () => {
  it('sums prices of whole cents exactly, whatever their number and order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: CART_MAX_ENTRIES }), (cents) => {
        const entries = cents.map((c) => ({ price: centsToPrice(c) }));
        const expected = cents.reduce((a, b) => a + b, 0);
        expect(cartTotalCents(entries)).toBe(expected);
        expect(cartTotalCents([...entries].reverse())).toBe(expected);
      }),
    );
    expect(cartTotalCents([{ price: 0.1 }, { price: 0.2 }])).toBe(30);
  });
});
