import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_CUSTOMER_NAME } from '../src/shared/account.ts';
import { signIn, signUpUser, testAddress, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { makeStaff, moveOrder, placeOrder } from './order-helpers.ts';

/**
 * The profile page's API: the profile, order mail preferences, signed-in devices and "sign out
 * everywhere else", a first password for a social account, the data export, and deleting the
 * account, which keeps its orders for the books without the person in them.
 */
let t: TestApp;
let staff: TestUser;
beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { RATE_LIMIT_SIGN_IN: '10000', RATE_LIMIT_SIGN_UP: '10000', RATE_LIMIT_CAPTCHA: '10000', RATE_LIMIT_TOKEN: '10000' } });
  staff = await signUpUser(t.app, { name: 'Stella Staff' });
  await makeStaff(t.app, staff);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, remoteAddress: testAddress(), ...(payload ? { payload } : {}) });

describe('profile', () => {
  it('answers the caller\'s own profile, without any hash or token', async () => {
    const user = await signUpUser(t.app, { name: 'Pia Profile' });
    const res = await call('GET', '/api/account', user.headers);
    expect(res.json()).toMatchObject({ id: user.id, name: 'Pia Profile', email: user.email, emailVerified: false, hasPassword: true, socialSignIn: null, orderStatusMails: true, role: 'user' });
    const hash = (await t.app.db.selectFrom('accounts').select('password').where('user_id', '=', user.id).executeTakeFirstOrThrow()).password!;
    expect(res.body).not.toContain(hash.slice(-20));
    expect(res.body).not.toMatch(/"password"|"token"/i);
    expect((await call('PATCH', '/api/account/preferences', user.headers, { orderStatusMails: 'no' })).statusCode).toBe(400);
    expect((await call('PATCH', '/api/account/preferences', user.headers, { orderStatusMails: false, role: 'admin' })).statusCode).toBe(400);
    expect((await call('GET', '/api/account', user.headers)).json().orderStatusMails).toBe(true);
  });

  it('lists the signed-in devices and signs out everywhere else', async () => {
    const user = await signUpUser(t.app);
    const laptop = await signIn(t.app, user.email, user.password);
    const devices = (await call('GET', '/api/account/sessions', { ...user.headers, 'user-agent': 'x' })).json();
    expect(devices).toHaveLength(2);
    expect(devices.filter((d: { current: boolean }) => d.current)).toHaveLength(1);
    expect(JSON.stringify(devices)).not.toContain(laptop.cookie.split('=')[1]!.split('.')[0]!);
    const res = await call('POST', '/api/account/sessions/sign-out-others', user.headers);
    expect(res.json()).toEqual({ signedOut: 1 });
    expect((await call('GET', '/api/account', { cookie: laptop.cookie })).statusCode).toBe(401);
    expect((await call('GET', '/api/account', user.headers)).statusCode).toBe(200);
  });

  it('lets a social account without a password set one, once', async () => {
    const user = await signUpUser(t.app);
    await t.app.db.deleteFrom('accounts').where('user_id', '=', user.id).execute();
    expect((await call('GET', '/api/account', user.headers)).json().hasPassword).toBe(false);
    expect((await call('POST', '/api/account/password', user.headers, { newPassword: 'password' })).statusCode).toBe(400);
    expect((await call('POST', '/api/account/password', user.headers, { newPassword: 'harvest lantern pebble 5' })).statusCode).toBe(200);
    expect((await call('POST', '/api/account/password', user.headers, { newPassword: 'another quiet garden 8' })).statusCode).toBe(409);
    await signIn(t.app, user.email, 'harvest lantern pebble 5');
  });
});

describe('my data', () => {
  it('downloads profile, devices, orders and payments as a JSON file, and nobody else\'s', async () => {
    const user = await signUpUser(t.app, { name: 'Dora Data' });
    const other = await signUpUser(t.app);
    const { order } = await placeOrder(t.app, user, { fulfilment: { type: 'table', table: '7' } });
    await placeOrder(t.app, other);
    const res = await call('GET', '/api/account/export', user.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="raw-roots-my-data.json"/);
    const data = res.json();
    expect(data.profile).toMatchObject({ name: 'Dora Data', email: user.email });
    expect(data.orders.map((o: { _id: string }) => o._id)).toEqual([order._id]);
    expect(data.payments).toHaveLength(1);
    expect(data.devices).toHaveLength(1);
    expect(data).toHaveProperty('reviews');
    expect(res.body).not.toContain(other.email);
    const hash = (await t.app.db.selectFrom('accounts').select('password').where('user_id', '=', user.id).executeTakeFirstOrThrow()).password!;
    const session = await t.app.db.selectFrom('sessions').select('token').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(res.body).not.toContain(hash.slice(-20));
    expect(res.body).not.toContain(session.token);
    expect(res.body).not.toMatch(/"password"|"token"/i);
  });
});

describe('deleting my account', () => {
  it('needs the password, waits for open orders, then keeps the orders without the personal data', async () => {
    const user = await signUpUser(t.app, { name: 'Gina Gone' });
    const { order } = await placeOrder(t.app, user, {
      fulfilment: { type: 'delivery', address: { line1: '9 Birch Road', city: 'Shelbyville', postalCode: '54321' }, phone: '+1 555 0199', note: 'Leave at the door' },
    });
    expect((await call('DELETE', '/api/account', user.headers, { password: 'not it' })).statusCode).toBe(400);
    expect((await call('DELETE', '/api/account', user.headers, {})).statusCode).toBe(400);
    const open = await call('DELETE', '/api/account', user.headers, { password: user.password });
    expect(open.statusCode).toBe(409);
    expect(await t.app.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeDefined();

    for (const body of [{ status: 'accepted', readyInMinutes: 10 }, { status: 'preparing' }, { status: 'ready' }, { status: 'out_for_delivery' }, { status: 'completed' }]) {
      expect((await moveOrder(t.app, staff, order._id, body)).statusCode).toBe(200);
    }
    const res = await call('DELETE', '/api/account', user.headers, { password: user.password });
    expect(res.statusCode, res.body).toBe(200);

    expect(await t.app.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
    expect(await t.app.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
    expect((await call('GET', '/api/account', user.headers)).statusCode).toBe(401);
    const kept = await t.app.db.selectFrom('orders').selectAll().where('id', '=', order._id).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ customer_name: DELETED_CUSTOMER_NAME, customer_email: '', note: null, user_id: null, status: 'completed', total_cents: Math.round(order.total * 100) });
    expect(JSON.parse(kept.fulfilment)).toEqual({ type: 'delivery' });
    const board = await call('GET', `/api/orders/${order._id}`, staff.headers);
    expect(board.json().customer).toEqual({ name: DELETED_CUSTOMER_NAME, email: '' });
    const everything = JSON.stringify(await t.app.db.selectFrom('payments').selectAll().execute()) + JSON.stringify(await t.app.db.selectFrom('orders').selectAll().execute());
    for (const personal of [user.email, 'Gina Gone', '9 Birch Road', '555 0199', 'Leave at the door']) expect(everything).not.toContain(personal);
  });

  it('an account without a password confirms by typing DELETE', async () => {
    const user = await signUpUser(t.app);
    await t.app.db.deleteFrom('accounts').where('user_id', '=', user.id).execute();
    expect((await call('DELETE', '/api/account', user.headers, { confirm: 'yes' })).statusCode).toBe(400);
    expect((await call('DELETE', '/api/account', user.headers, { confirm: 'DELETE' })).statusCode).toBe(200);
  });
});
