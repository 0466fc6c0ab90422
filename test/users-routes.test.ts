import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Every user endpoint against the authorization matrix of docs/product.md §16: anonymous, a customer,
 * another customer and an administrator.
 */
let t: TestApp;
let customer: TestUser;
let another: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  customer = await signUpUser(t.app, { name: 'Cathy Customer' });
  another = await signUpUser(t.app, { name: 'Andy Another' });
  admin = await signUpUser(t.app, { admin: true, name: 'Ada Admin' });
});
afterAll(async () => t.close());

type Caller = 'anonymous' | 'customer' | 'another' | 'admin';
function headersOf(caller: Caller): Record<string, string> {
  return caller === 'anonymous' ? {} : { customer, another, admin }[caller].headers;
}
function call(caller: Caller, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: headersOf(caller), ...(payload ? { payload } : {}) });
}
async function roleOf(id: string) {
  return (await t.database.db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirst())?.role;
}

describe('POST /api/users', () => {
  it('records the caller once: insertedId the first time, null after (idempotent)', async () => {
    const user = await signUpUser(t.app);
    const first = await t.app.inject({ method: 'POST', url: '/api/users', headers: user.headers, payload: { name: user.name, email: user.email } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ insertedId: user.id });
    const second = await t.app.inject({ method: 'POST', url: '/api/users', headers: user.headers, payload: { name: user.name, email: user.email } });
    expect(second.json()).toEqual({ insertedId: null, message: 'user already exists' });
  });

  it('matrix: anonymous 401, another e-mail 403, own e-mail 200', async () => {
    const body = { name: 'Cathy', email: customer.email };
    expect((await call('anonymous', 'POST', '/api/users', body)).statusCode).toBe(401);
    expect((await call('another', 'POST', '/api/users', body)).statusCode).toBe(403);
    expect((await call('admin', 'POST', '/api/users', body)).statusCode).toBe(403);
    expect((await call('customer', 'POST', '/api/users', body)).statusCode).toBe(200);
  });

  it('refuses a missing name or a bad e-mail with 400, and ignores a role', async () => {
    expect((await call('customer', 'POST', '/api/users', { email: customer.email })).statusCode).toBe(400);
    expect((await call('customer', 'POST', '/api/users', { name: 'x', email: 'bad' })).statusCode).toBe(400);
    await call('customer', 'POST', '/api/users', { name: 'x', email: customer.email, role: 'admin' });
    expect(await roleOf(customer.id)).toBe('user');
  });
});

describe('GET /api/users', () => {
  it('lists every user with _id, name, email and role for an administrator, no secrets', async () => {
    const res = await call('admin', 'GET', '/api/users');
    expect(res.statusCode).toBe(200);
    const users = res.json<Array<Record<string, unknown>>>();
    expect(users).toEqual(
      expect.arrayContaining([
        { _id: customer.id, name: 'Cathy Customer', email: customer.email, role: 'user' },
        { _id: admin.id, name: 'Ada Admin', email: admin.email, role: 'admin' },
      ]),
    );
    for (const u of users) expect(Object.keys(u).sort()).toEqual(['_id', 'email', 'name', 'role']);
  });

  it('matrix: anonymous 401, customers 403', async () => {
    expect((await call('anonymous', 'GET', '/api/users')).statusCode).toBe(401);
    expect((await call('customer', 'GET', '/api/users')).statusCode).toBe(403);
    expect((await call('another', 'GET', '/api/users')).statusCode).toBe(403);
  });
});

describe('GET /api/users/admin/:email', () => {
  it('answers the caller about themselves only', async () => {
    expect((await call('admin', 'GET', `/api/users/admin/${admin.email}`)).json()).toEqual({ admin: true, role: 'admin' });
    expect((await call('customer', 'GET', `/api/users/admin/${customer.email}`)).json()).toEqual({ admin: false, role: 'user' });
    expect((await call('customer', 'GET', `/api/users/admin/${encodeURIComponent(customer.email.toUpperCase())}`)).json()).toEqual({
      admin: false,
      role: 'user',
    });
  });

  it("matrix: anonymous 401; another user's e-mail 403, also for an administrator", async () => {
    expect((await call('anonymous', 'GET', `/api/users/admin/${customer.email}`)).statusCode).toBe(401);
    expect((await call('another', 'GET', `/api/users/admin/${customer.email}`)).statusCode).toBe(403);
    expect((await call('customer', 'GET', `/api/users/admin/${admin.email}`)).statusCode).toBe(403);
    expect((await call('admin', 'GET', `/api/users/admin/${customer.email}`)).statusCode).toBe(403);
  });

  it('reads the role from the database at each request', async () => {
    const user = await signUpUser(t.app);
    const lookup = () => t.app.inject({ method: 'GET', url: `/api/users/admin/${user.email}`, headers: user.headers });
    expect((await lookup()).json()).toEqual({ admin: false, role: 'user' });
    await t.database.db.updateTable('users').set({ role: 'staff' }).where('id', '=', user.id).execute();
    expect((await lookup()).json()).toEqual({ admin: false, role: 'staff' });
    await t.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', user.id).execute();
    expect((await lookup()).json()).toEqual({ admin: true, role: 'admin' });
  });
});

describe('PATCH /api/users/admin/:id', () => {
  it('promotes a customer: modifiedCount 1, then 0 when already an administrator', async () => {
    const user = await signUpUser(t.app);
    const res = await call('admin', 'PATCH', `/api/users/admin/${user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect(await roleOf(user.id)).toBe('admin');
    expect((await call('admin', 'PATCH', `/api/users/admin/${user.id}`)).json()).toEqual({ modifiedCount: 0 });
  });

  it('matrix: anonymous 401, customers 403 (also on themselves), nothing changes', async () => {
    expect((await call('anonymous', 'PATCH', `/api/users/admin/${customer.id}`)).statusCode).toBe(401);
    expect((await call('customer', 'PATCH', `/api/users/admin/${customer.id}`)).statusCode).toBe(403);
    expect((await call('another', 'PATCH', `/api/users/admin/${customer.id}`)).statusCode).toBe(403);
    expect(await roleOf(customer.id)).toBe('user');
  });

  it('answers 404 for an unknown id', async () => {
    expect((await call('admin', 'PATCH', '/api/users/admin/no-such-user')).statusCode).toBe(404);
  });
});

describe('DELETE /api/users/admin/:id', () => {
  it('deletes a user with their sessions: deletedCount 1', async () => {
    const user = await signUpUser(t.app);
    const res = await call('admin', 'DELETE', `/api/users/admin/${user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await roleOf(user.id)).toBeUndefined();
    const sessions = await t.database.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(sessions).toEqual([]);
  });

  it('matrix: anonymous 401, customers 403, nobody is deleted', async () => {
    expect((await call('anonymous', 'DELETE', `/api/users/admin/${customer.id}`)).statusCode).toBe(401);
    expect((await call('another', 'DELETE', `/api/users/admin/${customer.id}`)).statusCode).toBe(403);
    expect((await call('customer', 'DELETE', `/api/users/admin/${another.id}`)).statusCode).toBe(403);
    expect(await roleOf(customer.id)).toBe('user');
    expect(await roleOf(another.id)).toBe('user');
  });

  it('an administrator cannot delete themselves (409); 404 for an unknown id', async () => {
    const res = await call('admin', 'DELETE', `/api/users/admin/${admin.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/your own account/);
    expect(await roleOf(admin.id)).toBe('admin');
    expect((await call('admin', 'DELETE', '/api/users/admin/no-such-user')).statusCode).toBe(404);
  });

  it('a customer promoted by an administrator can then manage users', async () => {
    const user = await signUpUser(t.app);
    await call('admin', 'PATCH', `/api/users/admin/${user.id}`);
    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: user.headers });
    expect(res.statusCode).toBe(200);
  });
});

describe('PATCH /api/users/role/:id', () => {
  const setRole = (caller: Caller | TestUser, id: string, body: object) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/users/role/${id}`,
      headers: typeof caller === 'string' ? headersOf(caller) : caller.headers,
      payload: body,
    });

  it('makes a user staff and takes it back: modifiedCount 1, then 0 for no change; the list shows staff', async () => {
    const user = await signUpUser(t.app, { name: 'Sid Staff' });
    const res = await setRole('admin', user.id, { role: 'staff' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect(await roleOf(user.id)).toBe('staff');
    expect((await setRole('admin', user.id, { role: 'staff' })).json()).toEqual({ modifiedCount: 0 });
    const list = await call('admin', 'GET', '/api/users');
    expect(list.json()).toContainEqual({ _id: user.id, name: 'Sid Staff', email: user.email, role: 'staff' });
    expect((await setRole('admin', user.id, { role: 'user' })).json()).toEqual({ modifiedCount: 1 });
    expect(await roleOf(user.id)).toBe('user');
  });

  it('never changes an administrator (409), 404 for an unknown id, 400 for another role', async () => {
    const other = await signUpUser(t.app, { admin: true });
    const res = await setRole('admin', other.id, { role: 'user' });
    expect(res.statusCode).toBe(409);
    expect(await roleOf(other.id)).toBe('admin');
    expect((await setRole('admin', admin.id, { role: 'staff' })).statusCode).toBe(409);
    expect((await setRole('admin', 'no-such-user', { role: 'staff' })).statusCode).toBe(404);
    for (const body of [{ role: 'admin' }, { role: 'boss' }, {}]) {
      const bad = await setRole('admin', customer.id, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().fieldErrors).toHaveProperty('role');
    }
    expect(await roleOf(customer.id)).toBe('user');
  });

  it('matrix: anonymous 401, customers and staff 403, nothing changes', async () => {
    const staff = await signUpUser(t.app);
    await setRole('admin', staff.id, { role: 'staff' });
    expect((await setRole('anonymous', another.id, { role: 'staff' })).statusCode).toBe(401);
    expect((await setRole('customer', another.id, { role: 'staff' })).statusCode).toBe(403);
    expect((await setRole('customer', customer.id, { role: 'staff' })).statusCode).toBe(403);
    expect((await setRole(staff, another.id, { role: 'staff' })).statusCode).toBe(403);
    expect((await setRole(staff, staff.id, { role: 'user' })).statusCode).toBe(403);
    expect(await roleOf(another.id)).toBe('user');
    expect(await roleOf(staff.id)).toBe('staff');
  });

  it('staff cannot manage users or the menu, nor read statistics; they keep their own cart and orders', async () => {
    const staff = await signUpUser(t.app);
    await setRole('admin', staff.id, { role: 'staff' });
    const as = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: staff.headers, ...(payload ? { payload } : {}) });
    expect((await as('GET', '/api/users')).statusCode).toBe(403);
    expect((await as('PATCH', `/api/users/admin/${customer.id}`)).statusCode).toBe(403);
    expect((await as('DELETE', `/api/users/admin/${customer.id}`)).statusCode).toBe(403);
    expect((await as('GET', '/api/admin-statistics')).statusCode).toBe(403);
    expect((await as('POST', '/api/items', { name: 'x', category: 'juice', price: 1, recipe: 'x', image: '/x' })).statusCode).toBe(403);
    expect((await as('GET', `/api/cart?email=${encodeURIComponent(staff.email)}`)).statusCode).toBe(200);
    expect((await as('GET', '/api/orders')).statusCode).toBe(200);
    expect((await as('GET', '/api/staff/orders')).statusCode).toBe(200);
    expect(await roleOf(customer.id)).toBe('user');
  });
});

describe('GET /api/users: search and pages for Manage Users (issue 43, point 7)', () => {
  it('finds a part of the name or e-mail in any case, with the number of matches in X-Total-Count', async () => {
    const tag = `Zq${Date.now().toString(36)}`;
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await signUpUser(t.app, { name: `${tag} Person ${i}` }));
    const byName = await call('admin', 'GET', `/api/users?q=${tag.toUpperCase()}`);
    expect(byName.statusCode).toBe(200);
    expect(byName.headers['x-total-count']).toBe('5');
    expect(byName.json<{ _id: string }[]>().map((u) => u._id)).toEqual(made.map((u) => u.id));
    const byEmail = await call('admin', 'GET', `/api/users?q=${encodeURIComponent(made[2]!.email.toUpperCase())}`);
    expect(byEmail.json<{ _id: string }[]>().map((u) => u._id)).toEqual([made[2]!.id]);
    // A wildcard typed is a letter: nobody's name holds "%".
    const wildcard = await call('admin', 'GET', '/api/users?q=%25');
    expect(wildcard.json()).toEqual([]);
    expect(wildcard.headers['x-total-count']).toBe('0');

    const page1 = await call('admin', 'GET', `/api/users?q=${tag}&limit=2&page=1`);
    const page3 = await call('admin', 'GET', `/api/users?q=${tag}&limit=2&page=3`);
    expect(page1.json<{ _id: string }[]>().map((u) => u._id)).toEqual([made[0]!.id, made[1]!.id]);
    expect(page3.json<{ _id: string }[]>().map((u) => u._id)).toEqual([made[4]!.id]);
    expect(page3.headers['x-total-count']).toBe('5');
  });

  it('without a query lists everyone, as the spec; bad parameters are a 400; others get 401/403', async () => {
    const all = await call('admin', 'GET', '/api/users');
    expect(all.json<unknown[]>().length).toBe(Number(all.headers['x-total-count']));
    for (const bad of ['limit=0', 'limit=101', 'page=0', 'page=x', 'sort=name', `q=${'x'.repeat(101)}`]) {
      expect((await call('admin', 'GET', `/api/users?${bad}`)).statusCode, bad).toBe(400);
    }
    expect((await call('customer', 'GET', '/api/users?q=a')).statusCode).toBe(403);
    expect((await call('anonymous', 'GET', '/api/users?q=a')).statusCode).toBe(401);
  });
});
