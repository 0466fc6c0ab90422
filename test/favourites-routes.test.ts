import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favouritesSchema, type FavouriteState } from '../src/shared/favourites.ts';
import type { MenuItem } from '../src/shared/menu.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** Favourites (docs/product.md §21): each customer's own saved dishes, through the real app and database. */
let t: TestApp;
let customer: TestUser;
let other: TestUser;
let admin: TestUser;
let menu: MenuItem[];

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  [customer, other, admin] = await Promise.all([signUpUser(t.app), signUpUser(t.app), signUpUser(t.app, { admin: true })]);
  menu = (await t.app.inject({ method: 'GET', url: '/api/items' })).json<MenuItem[]>();
});
afterAll(async () => t.close());

function save(user: TestUser | undefined, itemId: string) {
  return t.app.inject({ method: 'PUT', url: `/api/favourites/${encodeURIComponent(itemId)}`, headers: user?.headers });
}
function unsave(user: TestUser | undefined, itemId: string) {
  return t.app.inject({ method: 'DELETE', url: `/api/favourites/${encodeURIComponent(itemId)}`, headers: user?.headers });
}
async function favouritesOf(user: TestUser): Promise<MenuItem[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/favourites', headers: user.headers });
  expect(res.statusCode).toBe(200);
  return favouritesSchema.parse(res.json());
}

describe('favourites', () => {
  it('saves dishes for the caller only, latest first, as the menu shows them', async () => {
    const [first, second] = menu;
    expect(await favouritesOf(customer)).toEqual([]);
    expect((await save(customer, first!._id)).json<FavouriteState>()).toEqual({ itemId: first!._id, saved: true });
    // The clock may not move between two quick saves; wait a moment so "latest first" is decided.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await save(customer, second!._id)).statusCode).toBe(200);
    expect(await favouritesOf(customer)).toEqual([second, first]);
    // Another customer sees none of them, and their own saving leaves the first one's alone.
    expect(await favouritesOf(other)).toEqual([]);
    expect((await save(other, second!._id)).statusCode).toBe(200);
    expect(await favouritesOf(other)).toEqual([second]);
    expect(await favouritesOf(customer)).toEqual([second, first]);
    // Another customer removing a dish removes it from their own list only.
    expect((await unsave(other, first!._id)).json()).toEqual({ itemId: first!._id, saved: false });
    expect(await favouritesOf(customer)).toEqual([second, first]);
  });

  it('leaves a hidden dish off the lists and refuses to save one, as if it did not exist', async () => {
    const dish = menu[5]!;
    const fan = await signUpUser(t.app);
    expect((await save(fan, dish._id)).statusCode).toBe(200);
    const hide = (hidden: boolean) =>
      t.app.inject({ method: 'PATCH', url: `/api/items/${dish._id}/availability`, headers: admin.headers, payload: { hidden } });
    expect((await hide(true)).statusCode).toBe(200);
    try {
      expect(await favouritesOf(fan)).toEqual([]);
      expect((await save(customer, dish._id)).statusCode).toBe(404);
    } finally {
      expect((await hide(false)).statusCode).toBe(200);
    }
    // Shown again, it is back on the list of whoever had saved it.
    expect((await favouritesOf(fan)).map((d) => d._id)).toEqual([dish._id]);
  });

  it('is idempotent: saving twice keeps one, removing twice answers the same', async () => {
    const dish = menu[2]!;
    for (let i = 0; i < 2; i++) {
      const res = await save(customer, dish._id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ itemId: dish._id, saved: true });
    }
    const rows = await t.database.db.selectFrom('favourites').selectAll().where('user_id', '=', customer.id).where('menu_item_id', '=', dish._id).execute();
    expect(rows).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      const res = await unsave(customer, dish._id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ itemId: dish._id, saved: false });
    }
    expect((await favouritesOf(customer)).map((item) => item._id)).not.toContain(dish._id);
  });

  it('refuses visitors with 401 and changes nothing', async () => {
    const dish = menu[3]!;
    expect((await t.app.inject({ method: 'GET', url: '/api/favourites' })).statusCode).toBe(401);
    expect((await save(undefined, dish._id)).statusCode).toBe(401);
    expect((await unsave(undefined, dish._id)).statusCode).toBe(401);
    const rows = await t.database.db.selectFrom('favourites').selectAll().where('menu_item_id', '=', dish._id).execute();
    expect(rows).toEqual([]);
  });

  it('answers 404 for a dish the menu does not have and 400 for an id no dish can have', async () => {
    for (const res of [await save(customer, 'no-such-dish'), await unsave(customer, 'no-such-dish')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'No menu item with this id' });
    }
    expect((await save(customer, 'x'.repeat(101))).statusCode).toBe(400);
    expect((await unsave(customer, 'x'.repeat(101))).statusCode).toBe(400);
    const count = await t.database.db.selectFrom('favourites').select((eb) => eb.fn.countAll<number>().as('n')).where('menu_item_id', '=', 'no-such-dish').executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('drops a dish the administrator deletes from every customer\'s favourites', async () => {
    const doomed = menu.at(-1)!;
    expect((await save(customer, doomed._id)).statusCode).toBe(200);
    expect((await save(other, doomed._id)).statusCode).toBe(200);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/items/${doomed._id}`, headers: admin.headers });
    expect(removed.json()).toEqual({ deletedCount: 1 });
    expect((await favouritesOf(customer)).map((item) => item._id)).not.toContain(doomed._id);
    expect((await favouritesOf(other)).map((item) => item._id)).not.toContain(doomed._id);
    // The heart of a page opened before the deletion cannot bring it back.
    expect((await save(customer, doomed._id)).statusCode).toBe(404);
  });

  it('goes with the customer\'s account', async () => {
    const leaving = await signUpUser(t.app);
    expect((await save(leaving, menu[0]!._id)).statusCode).toBe(200);
    await t.database.db.deleteFrom('users').where('id', '=', leaving.id).execute();
    const rows = await t.database.db.selectFrom('favourites').selectAll().where('user_id', '=', leaving.id).execute();
    expect(rows).toEqual([]);
  });
});
