import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderList } from '../src/shared/orders.ts';
import { localDate, nextDate, startOfLocalDay } from '../src/shared/shop-time.ts';
import type { TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { getOrder, moveOrder, orderState, placeOrder, signUpCast, type OrderCast } from './order-helpers.ts';

/**
 * The order routes against every caller (a visitor, the order's customer, another customer,
 * staff, an administrator), their answers' shape, paging, the board's day in the restaurant's
 * time zone, and who sees who made a change.
 */
// Fourteen hours ahead of UTC: the restaurant's day and UTC's differ for most of the day.
const ZONE = 'Etc/GMT-14';
let t: TestApp;
let cast: OrderCast;
let own: Order;
let anothers: Order;

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { SHOP_TIME_ZONE: ZONE } });
  cast = await signUpCast(t.app);
  own = (await placeOrder(t.app, cast.customer, { fulfilment: { type: 'table', table: '3' } })).order;
  anothers = (await placeOrder(t.app, cast.another)).order;
});
afterAll(async () => t.close());

type Caller = 'visitor' | keyof OrderCast;
const CALLERS: Caller[] = ['visitor', 'customer', 'another', 'staff', 'admin'];
const headersOf = (caller: Caller) => (caller === 'visitor' ? {} : cast[caller].headers);
const get = (caller: Caller, url: string) => t.app.inject({ method: 'GET', url, headers: headersOf(caller) });

describe('who may call which order route', () => {
  it('GET /api/orders: a visitor 401; every signed-in caller their own orders only', async () => {
    expect((await get('visitor', '/api/orders')).statusCode).toBe(401);
    for (const caller of ['customer', 'another', 'staff', 'admin'] as const) {
      const res = await get(caller, '/api/orders');
      expect(res.statusCode).toBe(200);
      const ids = res.json<OrderList>().orders.map((o) => o._id);
      expect(ids).toEqual(caller === 'customer' ? [own._id] : caller === 'another' ? [anothers._id] : []);
    }
  });

  it("GET /api/orders/:id: a visitor 401, another customer 404 (as unknown as none), the customer, staff and administrators 200", async () => {
    const expected: Record<Caller, number> = { visitor: 401, customer: 200, another: 404, staff: 200, admin: 200 };
    for (const caller of CALLERS) expect((await get(caller, `/api/orders/${own._id}`)).statusCode, caller).toBe(expected[caller]);
    expect((await get('another', `/api/orders/${own._id}`)).body).toBe((await get('another', '/api/orders/no-such-order')).body);
    expect((await get('admin', '/api/orders/no-such-order')).statusCode).toBe(404);
  });

  it('GET /api/staff/orders: a visitor 401, customers 403, staff and administrators 200', async () => {
    const expected: Record<Caller, number> = { visitor: 401, customer: 403, another: 403, staff: 200, admin: 200 };
    for (const caller of CALLERS) expect((await get(caller, '/api/staff/orders')).statusCode, caller).toBe(expected[caller]);
  });

  it('POST /api/staff/orders/:id/status: a visitor 401, customers 403 (even on their own order), staff and administrators 200', async () => {
    const { order } = await placeOrder(t.app, cast.customer);
    const before = await orderState(t.app, order._id);
    const body = { status: 'accepted', readyInMinutes: 10 };
    expect((await moveOrder(t.app, undefined, order._id, body)).statusCode).toBe(401);
    expect((await moveOrder(t.app, cast.customer, order._id, body)).statusCode).toBe(403);
    expect((await moveOrder(t.app, cast.another, order._id, body)).statusCode).toBe(403);
    expect(await orderState(t.app, order._id)).toBe(before);
    expect((await moveOrder(t.app, cast.staff, order._id, body)).statusCode).toBe(200);
    expect((await moveOrder(t.app, cast.admin, order._id, { status: 'preparing' })).statusCode).toBe(200);
  });

  it('a staff member taken back to customer loses the board on the next request', async () => {
    const former = cast.staff;
    await t.database.db.updateTable('users').set({ role: 'user' }).where('id', '=', former.id).execute();
    try {
      expect((await get('staff', '/api/staff/orders')).statusCode).toBe(403);
      expect((await get('staff', `/api/orders/${own._id}`)).statusCode).toBe(404);
    } finally {
      await t.database.db.updateTable('users').set({ role: 'staff' }).where('id', '=', former.id).execute();
    }
  });
});

describe('GET /api/orders', () => {
  it('pages the caller\u2019s orders newest first, with the total', async () => {
    const user = cast.another;
    const more = [];
    for (let i = 0; i < 4; i++) more.push((await placeOrder(t.app, user)).order);
    const all = [anothers, ...more].reverse().map((o) => o._id);
    const first = (await t.app.inject({ method: 'GET', url: '/api/orders?page=1&pageSize=2', headers: user.headers })).json<OrderList>();
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.orders.map((o) => o._id)).toEqual(all.slice(0, 2));
    const third = (await t.app.inject({ method: 'GET', url: '/api/orders?page=3&pageSize=2', headers: user.headers })).json<OrderList>();
    expect(third.orders.map((o) => o._id)).toEqual(all.slice(4));
    const past = (await t.app.inject({ method: 'GET', url: '/api/orders?page=9&pageSize=2', headers: user.headers })).json<OrderList>();
    expect(past).toMatchObject({ orders: [], total: 5 });
    const defaults = (await t.app.inject({ method: 'GET', url: '/api/orders', headers: user.headers })).json<OrderList>();
    expect(defaults).toMatchObject({ page: 1, pageSize: 20 });
  });

  it('refuses a bad page or page size with 400', async () => {
    for (const query of ['page=0', 'page=x', 'pageSize=0', 'pageSize=101', 'page=1.5']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/orders?${query}`, headers: cast.customer.headers });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toHaveProperty('fieldErrors');
    }
  });
});

describe('GET /api/staff/orders', () => {
  it("lists the restaurant's day (today by default), oldest first, filtered by status", async () => {
    const now = new Date();
    const today = localDate(now, ZONE);
    const start = startOfLocalDay(today, ZONE);
    const yesterday = localDate(new Date(start.getTime() - 1), ZONE);
    // One order placed a minute into the restaurant's day, one a minute before it began.
    const early = (await placeOrder(t.app, cast.customer)).order;
    const late = (await placeOrder(t.app, cast.customer)).order;
    await t.database.db.updateTable('orders').set({ created_at: new Date(start.getTime() + 60_000).toISOString() }).where('id', '=', early._id).execute();
    await t.database.db.updateTable('orders').set({ created_at: new Date(start.getTime() - 60_000).toISOString() }).where('id', '=', late._id).execute();

    const board = (await get('staff', '/api/staff/orders')).json<Order[]>();
    const ids = board.map((o) => o._id);
    expect(ids[0]).toBe(early._id);
    expect(ids).toContain(own._id);
    expect(ids).not.toContain(late._id);
    const times = board.map((o) => o.createdAt);
    expect(times).toEqual([...times].sort());
    expect((await get('staff', `/api/staff/orders?date=${today}`)).json<Order[]>().map((o) => o._id)).toEqual(ids);
    expect((await get('admin', `/api/staff/orders?date=${yesterday}`)).json<Order[]>().map((o) => o._id)).toEqual([late._id]);
    expect((await get('admin', `/api/staff/orders?date=${nextDate(today)}`)).json<Order[]>()).toEqual([]);

    const accepted = await moveOrder(t.app, cast.staff, early._id, { status: 'accepted', readyInMinutes: 30 });
    expect(accepted.statusCode).toBe(200);
    const onlyAccepted = (await get('staff', '/api/staff/orders?status=accepted')).json<Order[]>();
    expect(onlyAccepted.length).toBeGreaterThan(0);
    expect(onlyAccepted.every((o) => o.status === 'accepted')).toBe(true);
    expect(onlyAccepted.map((o) => o._id)).toContain(early._id);
    expect(onlyAccepted.find((o) => o._id === early._id)!.timeline).toHaveLength(2);
  });

  it('refuses a bad date or status with 400', async () => {
    for (const query of ['date=today', 'date=2026-13-01', 'date=26-01-01', 'status=eaten']) {
      const res = await get('staff', `/api/staff/orders?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toHaveProperty('fieldErrors');
    }
  });
});

describe('who made a change', () => {
  it('is in the timeline for staff and administrators, never for the customer', async () => {
    const { order } = await placeOrder(t.app, cast.customer);
    await moveOrder(t.app, cast.staff, order._id, { status: 'accepted', readyInMinutes: 15 });
    await moveOrder(t.app, cast.admin, order._id, { status: 'cancelled', reason: 'The oven broke' });
    const seenBy = async (user: TestUser) => (await getOrder(t.app, user, order._id)).json<Order>();
    for (const user of [cast.staff, cast.admin]) {
      expect((await seenBy(user)).timeline).toEqual([
        { status: 'placed', at: expect.any(String) },
        { status: 'accepted', at: expect.any(String), by: 'Stella Staff' },
        { status: 'cancelled', at: expect.any(String), by: 'Ada Admin', reason: 'The oven broke' },
      ]);
    }
    const mine = await seenBy(cast.customer);
    expect(mine.timeline).toEqual([
      { status: 'placed', at: expect.any(String) },
      { status: 'accepted', at: expect.any(String) },
      { status: 'cancelled', at: expect.any(String), reason: 'The oven broke' },
    ]);
    expect(mine).toMatchObject({ status: 'cancelled', reason: 'The oven broke', refund: { amount: order.total, status: 'succeeded' } });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/orders', headers: cast.customer.headers })).json<OrderList>();
    expect(JSON.stringify(listed)).not.toContain('Stella Staff');
    const board = (await get('staff', '/api/staff/orders')).json<Order[]>();
    expect(board.find((o) => o._id === order._id)!.timeline.at(-1)!.by).toBe('Ada Admin');
  });
});

describe('GET /api/orders/pickup-slots', () => {
  it("answers the restaurant's zone and the pickup times to come, today and 7 days ahead, on the step, to anyone", async () => {
    const res = await get('visitor', '/api/orders/pickup-slots');
    expect(res.statusCode).toBe(200);
    const { timeZone, slots } = res.json<{ timeZone: string; slots: string[] }>();
    expect(timeZone).toBe(ZONE);
    let lastDay = localDate(new Date(), ZONE);
    for (let i = 0; i < 7; i++) lastDay = nextDate(lastDay);
    expect(localDate(new Date(slots.at(-1)!), ZONE)).toBe(lastDay);
    for (const slot of slots) {
      expect(localDate(new Date(slot), ZONE) <= lastDay).toBe(true);
      expect(Date.parse(slot) % (15 * 60_000)).toBe(0);
      expect(Date.parse(slot)).toBeGreaterThanOrEqual(Date.now() - 60_000);
    }
  });
});
