import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_TEXTS, type RestaurantTable } from '../src/shared/tables.ts';
import { USERS_TOTAL_HEADER } from '../src/shared/users.ts';
import { sessionCookie, signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Beginning a guest at a table (decision 0047) through the real app and database: only a table's
 * valid link makes one, as a users row of role `guest` with a session; the begin call is rate
 * limited; and a guest reaches only the cart, the payment calls and its own order.
 */
let t: TestApp;
let admin: TestUser;
let table: RestaurantTable;

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { RATE_LIMIT_SIGN_UP: '3' } });
  admin = await signUpUser(t.app, { admin: true });
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/tables', headers: admin.headers, payload: { name: '12' } });
  expect(res.statusCode, res.body).toBe(201);
  table = res.json<RestaurantTable>();
});
afterAll(async () => t.close());

let address = 10;
/** Each call from its own address unless told, so the rate limit is tested on its own. */
const begin = (token: string, payload: unknown, remoteAddress = `198.51.100.${address++}`): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'POST', url: `/api/tables/${encodeURIComponent(token)}/guest`, remoteAddress, payload: payload as object });
const tokenOf = (link: RestaurantTable) => decodeURIComponent(link.path.replace(/^\/t\//, ''));
const guestCount = async () => (await t.database.db.selectFrom('users').select('id').where('role', '=', 'guest').execute()).length;

describe('beginning a guest at a table', () => {
  it('makes a guest with a session through a valid table link', async () => {
    const res = await begin(tokenOf(table), { name: '  Ada ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('"token"');
    const cookie = sessionCookie(res);
    const row = await t.database.db.selectFrom('users').selectAll().where('name', '=', 'Ada').executeTakeFirstOrThrow();
    expect(row.role).toBe('guest');
    expect(Boolean(row.is_anonymous)).toBe(true);

    // Its cart works as a customer's does.
    const dish = await t.database.db.selectFrom('menu_items').select('id').limit(1).executeTakeFirstOrThrow();
    const added = await t.app.inject({ method: 'POST', url: '/api/cart', headers: { cookie }, payload: { itemId: dish.id } });
    expect(added.statusCode, added.body).toBe(201);
    const cart = await t.app.inject({ method: 'GET', url: `/api/cart?email=${encodeURIComponent(row.email)}`, headers: { cookie } });
    expect(cart.statusCode, cart.body).toBe(200);
    expect(cart.json<unknown[]>()).toHaveLength(1);

    // Everything off the allow-list is refused, its own account pages included.
    for (const url of ['/api/account', '/api/account/sessions', '/api/orders', '/api/payments', '/api/favourites', '/api/users', '/api/admin/tables']) {
      const refused = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(refused.statusCode, url).toBe(403);
    }

    // Manage Users and the statistics count accounts: a guest is in neither.
    const users = await t.app.inject({ method: 'GET', url: '/api/users?q=Ada', headers: admin.headers });
    expect(users.statusCode).toBe(200);
    expect(users.json<unknown[]>()).toEqual([]);
    expect(users.headers[USERS_TOTAL_HEADER]).toBe('0');
    const stats = await t.app.inject({ method: 'GET', url: '/api/admin-statistics', headers: admin.headers });
    const customers = await t.database.db.selectFrom('users').select('id').where('role', '=', 'user').execute();
    expect(stats.json<{ users: number }>().users).toBe(customers.length);
  });

  it('makes no guest for a forged or regenerated link, or a body with more than a name', async () => {
    const before = await guestCount();
    const [id, version] = tokenOf(table).split('.');
    expect((await begin(`${id}.${version}.forged`, { name: 'Eve' })).statusCode).toBe(404);
    const forged = await begin('not-a-token', { name: 'Eve' });
    expect(forged.statusCode).toBe(404);
    expect(forged.json<{ message: string }>().message).toBe(TABLE_TEXTS.linkInvalid);
    expect((await begin(tokenOf(table), { name: 'Eve', role: 'admin' })).statusCode).toBe(400);
    expect((await begin(tokenOf(table), { name: '' })).statusCode).toBe(400);

    const other = (await t.app.inject({ method: 'POST', url: '/api/admin/tables', headers: admin.headers, payload: { name: '13' } })).json<RestaurantTable>();
    const regenerated = await t.app.inject({ method: 'POST', url: `/api/admin/tables/${other.id}/regenerate`, headers: admin.headers });
    expect(regenerated.statusCode).toBe(200);
    expect((await begin(tokenOf(other), { name: 'Eve' })).statusCode).toBe(404);
    expect(await guestCount()).toBe(before);
  });

  it('limits the begin call per address as sign-up is', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await begin(tokenOf(table), { name: `Guest ${i}` }, '203.0.113.77')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
