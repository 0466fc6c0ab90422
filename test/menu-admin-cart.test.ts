import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Where the admin menu meets the cart: an item the administrator deletes leaves every cart it was
 * in, so nobody can pay for a dish that is no longer on the menu.
 */
let t: TestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  [admin, customer] = await Promise.all([signUpUser(t.app, { admin: true }), signUpUser(t.app)]);
});
afterAll(async () => t.close());

async function cartItemIds(): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/cart?email=${encodeURIComponent(customer.email)}`, headers: customer.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ itemId: string }[]>().map((entry) => entry.itemId);
}

describe('deleting a menu item', () => {
  it('removes it from customers\' carts and from what they are asked to pay', async () => {
    const menu = (await t.app.inject({ method: 'GET', url: '/api/items' })).json<{ _id: string; price: number; newPrice?: number }[]>();
    const [doomed, kept] = menu.filter((item) => item.newPrice === undefined);
    for (const itemId of [doomed!._id, doomed!._id, kept!._id]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/cart', headers: customer.headers, payload: { itemId } });
      expect(res.statusCode).toBe(201);
    }
    expect((await cartItemIds()).sort()).toEqual([doomed!._id, doomed!._id, kept!._id].sort());

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/items/${doomed!._id}`, headers: admin.headers });
    expect(removed.json()).toEqual({ deletedCount: 1 });

    expect(await cartItemIds()).toEqual([kept!._id]);
    const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: customer.headers, payload: {} });
    expect(intent.statusCode).toBe(200);
    expect(intent.json<{ amount: number }>().amount).toBeCloseTo(kept!.price, 2);
  });

  it('records the carts\' notices in the deletion\'s own transaction: a failed deletion leaves neither', async () => {
    const menu = (await t.app.inject({ method: 'GET', url: '/api/items' })).json<{ _id: string; name: string }[]>();
    const dish = menu.at(-1)!;
    expect((await t.app.inject({ method: 'POST', url: '/api/cart', headers: customer.headers, payload: { itemId: dish._id } })).statusCode).toBe(201);
    // A subscriber after the cart's fails: the cart's notice, written before it, must roll back too.
    let failing = true;
    t.app.menu.onDishDeleting(async () => {
      if (failing) throw new Error('probe');
    });
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/items/${dish._id}`, headers: admin.headers });
    failing = false;
    expect(refused.statusCode).toBe(500);
    expect(await cartItemIds()).toContain(dish._id);
    const told = await t.app.inject({ method: 'GET', url: '/api/cart/removed', headers: customer.headers });
    expect(told.json<{ name: string }[]>().map((notice) => notice.name)).not.toContain(dish.name);
  });
});
