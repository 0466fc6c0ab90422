import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStats, CustomerSummary } from '../src/shared/stats.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { makeStaff, placeOrder } from './order-helpers.ts';
import { EXPORT_BATCH, ordersCsv } from '../src/server/stats/orders-csv.ts';
import { insertPastOrder, parseCsv, setSignedUpAt } from './stats-helpers.ts';

/**
 * The statistics on a fixed set of orders in Europe/Berlin, around both of 2026's clock changes
 * (03-29, 02:00 → 03:00; 10-25, 03:00 → 02:00): each figure is worked out by hand below.
 */
let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let earlier: TestUser;
let staff: TestUser;

const A = { id: 'dish-a', name: 'Alfalfa salad', cents: 500 };
const B = { id: 'dish-b', name: 'Beet carpaccio', cents: 750 };
const C = { id: 'dish-c', name: '=Cashew "cheese"', cents: 1200 };

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { SHOP_TIME_ZONE: 'Europe/Berlin' } });
  admin = await signUpUser(t.app, { admin: true, name: 'Ada Admin' });
  staff = await signUpUser(t.app, { name: 'Stella Staff' });
  await makeStaff(t.app, staff);
  customer = await signUpUser(t.app, { name: 'Cora Customer' });
  earlier = await signUpUser(t.app, { name: 'Earl Earlier' });
  // Signed up in the period (the administrator and staff too, who are not customers) and before it.
  for (const user of [admin, staff, customer]) await setSignedUpAt(t.app, user.id, '2026-03-29T12:00:00.000Z');
  await setSignedUpAt(t.app, earlier.id, '2026-03-26T12:00:00.000Z');

  const past = (at: string, items: PastItems, extra: Partial<Parameters<typeof insertPastOrder>[1]> = {}) =>
    insertPastOrder(t.app, { at, items: items.map(([dish, quantity]) => ({ ...dish, quantity })), ...extra });
  // 23:59 on 03-24: the day before the previous period.
  await past('2026-03-24T22:59:00.000Z', [[A, 4]]);
  // 12:00 on 03-26: the previous period (03-25 to 03-27).
  await past('2026-03-26T11:00:00.000Z', [[B, 2]], { fulfilment: 'pickup' });
  // 00:30 on 03-28, still 03-27 in UTC.
  await past('2026-03-27T23:30:00.000Z', [[A, 2]], { userId: customer.id });
  // 01:30 on 03-29 (winter time) and 03:30 (summer time), the second refunded.
  await past('2026-03-29T00:30:00.000Z', [[B, 1]], { fulfilment: 'pickup', userId: customer.id });
  await past('2026-03-29T01:30:00.000Z', [[A, 1], [C, 1]], {
    fulfilment: 'delivery',
    userId: customer.id,
    status: 'cancelled',
    refund: { status: 'succeeded', cents: 1700 },
  });
  // 00:30 on 03-30, still 03-29 in UTC.
  await past('2026-03-29T22:30:00.000Z', [[C, 3]], { userId: customer.id });
  // 12:00 on 03-30: rejected, but its refund failed, so the money stayed.
  await past('2026-03-30T10:00:00.000Z', [[B, 2]], { status: 'rejected', refund: { status: 'failed', cents: 1500 } });
  // 00:00 on 03-31: after the period.
  await past('2026-03-30T22:00:00.000Z', [[A, 1]]);
  // The autumn change: 02:30 in summer time, 02:30 again in winter time, 23:30 that evening.
  await past('2026-10-25T00:30:00.000Z', [[A, 1]]);
  await past('2026-10-25T01:30:00.000Z', [[B, 1]]);
  await past('2026-10-25T22:30:00.000Z', [[C, 1]]);
});
afterAll(async () => t.close());

type PastItems = Array<[typeof A, number]>;

async function stats(query: string, user: TestUser = admin): Promise<AdminStats> {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/stats?${query}`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminStats>();
}

describe('GET /api/admin/stats', () => {
  it('sums three local days across the spring change against the three before', async () => {
    const s = await stats('from=2026-03-28&to=2026-03-30');
    expect(s.period).toEqual({ from: '2026-03-28', to: '2026-03-30', days: 3 });
    expect(s.previous).toEqual({ from: '2026-03-25', to: '2026-03-27' });
    expect(s.timeZone).toBe('Europe/Berlin');
    expect(s.comparable).toBe(true);
    // Paid 10 + 7.50 + 17 + 36 + 15 = 85.50 in 5 orders; 17 refunded (one order in full); 15 in 1 order before.
    // Orders and average count the 4 orders kept, as the revenue does: 68.50 / 4.
    expect(s.tiles.revenue).toEqual({ value: 68.5, previous: 15, difference: 53.5, percent: 357 });
    expect(s.tiles.orders).toEqual({ value: 4, previous: 1, difference: 3, percent: 300 });
    expect(s.tiles.averageOrder).toEqual({ value: 17.13, previous: 15, difference: 2.13, percent: 14 });
    expect(s.tiles.refunds).toEqual({ value: 17, previous: 0, difference: 17, percent: null });
    expect(s.refundedOrders).toBe(1);
    // Cora signed up on 03-29, Earl on 03-26: one each; the administrator and staff are not customers.
    expect(s.tiles.newCustomers).toEqual({ value: 1, previous: 1, difference: 0, percent: 0 });
    expect(s.customers).toBe(2);
    expect(s.menuItems).toBeGreaterThan(0);

    expect(s.granularity).toBe('day');
    expect(s.series.map(({ label, revenue, orders }) => [label, revenue, orders])).toEqual([
      ['2026-03-28', 10, 1],
      ['2026-03-29', 7.5, 1],
      ['2026-03-30', 51, 2],
    ]);
    // Each day starts at the restaurant's midnight: 23:00 UTC in winter, 22:00 in summer.
    expect(s.series.map((p) => p.start)).toEqual(['2026-03-27T23:00:00.000Z', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
    expect(s.fulfilment).toEqual([
      { type: 'table', orders: 3, revenue: 61 },
      { type: 'pickup', orders: 1, revenue: 7.5 },
      { type: 'delivery', orders: 0, revenue: 0 },
    ]);
    // The refunded order's dishes are left out; the one whose refund failed stays. A tie in
    // plates goes to the dish that brought more money.
    const dish = (d: typeof A, quantity: number, revenue: number) => ({ itemId: d.id, name: d.name, quantity, revenue });
    expect(s.topDishesByQuantity).toEqual([dish(C, 3, 36), dish(B, 3, 22.5), dish(A, 2, 10)]);
    expect(s.topDishesByRevenue).toEqual([dish(C, 3, 36), dish(B, 3, 22.5), dish(A, 2, 10)]);
    // Saturday 00:00, Sunday 01:00 and 03:00, Monday 00:00 and 12:00.
    const busy = s.busiestHours.flatMap((hours, weekday) => hours.flatMap((n, hour) => (n > 0 ? [[weekday, hour, n]] : [])));
    expect(busy).toEqual([
      [0, 0, 1],
      [0, 12, 1],
      [5, 0, 1],
      [6, 1, 1],
      [6, 3, 1],
    ]);
  });

  it('draws the day the clocks go forward per hour: 23 hours, no 02:00', async () => {
    const s = await stats('from=2026-03-29&to=2026-03-29');
    expect(s.granularity).toBe('hour');
    expect(s.series).toHaveLength(23);
    expect(s.series.map((p) => p.label).slice(0, 4)).toEqual(['00:00', '01:00', '03:00', '04:00']);
    expect(s.series.find((p) => p.label === '01:00')).toMatchObject({ orders: 1, revenue: 7.5 });
    // The 03:30 order was refunded in full: it counts neither in orders nor in money.
    expect(s.series.find((p) => p.label === '03:00')).toMatchObject({ orders: 0, revenue: 0 });
    expect(s.tiles.orders.value).toBe(1);
    // The day before, Saturday 03-28, had one order.
    expect(s.tiles.orders).toMatchObject({ previous: 1, difference: 0, percent: 0 });
  });

  it('draws the day the clocks go back per hour: 25 hours, 02:00 twice', async () => {
    const s = await stats('from=2026-10-25&to=2026-10-25');
    expect(s.series).toHaveLength(25);
    expect(s.series.map((p) => p.label).slice(0, 5)).toEqual(['00:00', '01:00', '02:00', '02:00 (again)', '03:00']);
    expect(s.series[2]).toMatchObject({ start: '2026-10-25T00:00:00.000Z', orders: 1, revenue: 5 });
    expect(s.series[3]).toMatchObject({ start: '2026-10-25T01:00:00.000Z', orders: 1, revenue: 7.5 });
    expect(s.series.at(-1)).toMatchObject({ label: '23:00', orders: 1, revenue: 12 });
    expect(s.busiestHours[6]![2]).toBe(2);
  });

  it('answers an empty period with zeros, and one before any record without comparison', async () => {
    const empty = await stats('from=2026-04-10&to=2026-04-12');
    expect(empty.comparable).toBe(true);
    expect(empty.tiles.orders).toEqual({ value: 0, previous: 0, difference: 0, percent: null });
    expect(empty.tiles.revenue.value).toBe(0);
    expect(empty.tiles.averageOrder.value).toBe(0);
    expect(empty.series.every((p) => p.orders === 0 && p.revenue === 0)).toBe(true);
    expect(empty.topDishesByQuantity).toEqual([]);
    expect(empty.busiestHours.flat().every((n) => n === 0)).toBe(true);

    // The first order is of 03-24: the week before it has nothing to compare with.
    const first = await stats('from=2026-03-18&to=2026-03-24');
    expect(first.comparable).toBe(false);
    expect(first.tiles.orders).toEqual({ value: 1, previous: null, difference: null, percent: null });
    expect(first.tiles.revenue).toEqual({ value: 20, previous: null, difference: null, percent: null });
  });

  it('resolves a named period with the restaurant’s clock', async () => {
    const s = await stats('period=last7');
    expect(s.period.days).toBe(7);
    expect(s.period.to).toBe(s.today);
    const month = await stats('period=lastMonth');
    expect(month.period.from.endsWith('-01')).toBe(true);
  });

  it('counts an order paid through the payment flow today, with its lines', async () => {
    const buyer = await signUpUser(t.app, { name: 'Today Buyer' });
    const paid = await placeOrder(t.app, buyer);
    const s = await stats('period=today');
    expect(s.tiles.orders.value).toBeGreaterThanOrEqual(1);
    expect(s.topDishesByQuantity.map((d) => d.itemId)).toContain(paid.order.lines[0]!.itemId);
    expect(s.tiles.newCustomers.value).toBeGreaterThanOrEqual(1);
  });

  it('refuses bad, reversed and too long ranges with 400', async () => {
    for (const query of [
      '',
      'from=2026-03-01',
      'from=2026-02-30&to=2026-03-01',
      'from=2026-3-1&to=2026-03-02',
      'from=2026-03-10&to=2026-03-01',
      'from=2025-01-01&to=2026-01-02',
      'period=fortnight',
      'period=today&from=2026-03-01&to=2026-03-02',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/stats?${query}`, headers: admin.headers });
      expect(res.statusCode, query).toBe(400);
    }
    // A whole leap year is the longest allowed.
    expect((await stats('from=2028-01-01&to=2028-12-31')).period.days).toBe(366);
  });

  it('refuses visitors, customers and staff', async () => {
    for (const [user, status] of [[undefined, 401], [customer, 403], [staff, 403]] as const) {
      for (const url of ['/api/admin/stats?period=today', '/api/admin/orders.csv?period=today']) {
        const res = await t.app.inject({ method: 'GET', url, headers: user?.headers });
        expect(res.statusCode, url).toBe(status);
      }
    }
  });
});

describe('GET /api/admin-statistics', () => {
  it('keeps its answer, counting customers only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin-statistics', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ users: number; estimatedItems: number; revenue: number; orders: number }>();
    expect(Object.keys(body).sort()).toEqual(['estimatedItems', 'orders', 'revenue', 'users']);
    const customers = await t.app.db.selectFrom('users').select('id').where('role', '=', 'user').execute();
    expect(body.users).toBe(customers.length);
  });
});

describe('GET /api/admin/orders.csv', () => {
  it('streams one quoted row per order line in the restaurant’s time, with a BOM and CRLF', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/orders.csv?from=2026-03-28&to=2026-03-30', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2026-03-28-to-2026-03-30.csv"');
    const text = res.body;
    expect(text.startsWith('\uFEFF"Date and time (Europe/Berlin)","Order",')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toContain('\n');
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual(['Date and time (Europe/Berlin)', 'Order', 'Status', 'Fulfilment', 'Dish', 'Quantity', 'Unit price', 'Line total (gross, incl. tax)', 'Delivery fee', 'Order total (gross, incl. tax)', 'Order net of refunds (incl. tax)', 'Refund', 'Order refunded', 'Refunds', 'Tip (as paid, before refunds)', 'Discount code', 'Order discount']);
    const body = rows.slice(1).map(([when, , status, fulfilment, dish, quantity, unit, total, , , , refund]) => [when, status, fulfilment, dish, quantity, unit, total, refund]);
    expect(body).toEqual([
      ['2026-03-28 00:30:00', 'Placed', 'Eat here', 'Alfalfa salad', '2', '5.00', '10.00', '0.00'],
      ['2026-03-29 01:30:00', 'Placed', 'Pickup', 'Beet carpaccio', '1', '7.50', '7.50', '0.00'],
      ['2026-03-29 03:30:00', 'Cancelled', 'Delivery', 'Alfalfa salad', '1', '5.00', '5.00', '5.00'],
      // A dish name that a spreadsheet would run as a formula is neutralised.
      ['2026-03-29 03:30:00', 'Cancelled', 'Delivery', `'=Cashew "cheese"`, '1', '12.00', '12.00', '12.00'],
      ['2026-03-30 00:30:00', 'Placed', 'Eat here', `'=Cashew "cheese"`, '3', '12.00', '36.00', '0.00'],
      ['2026-03-30 12:00:00', 'Rejected', 'Eat here', 'Beet carpaccio', '2', '7.50', '15.00', '0.00'],
    ]);
    const numbers = rows.slice(1).map((r) => Number(r[1]));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  it('writes every order of a long period, batch after batch, in time order', async () => {
    const many = Array.from({ length: 1203 }, (_, i) => new Date(Date.UTC(2026, 5, 1) + i * 3_600_000).toISOString());
    for (const at of many) await insertPastOrder(t.app, { at, items: [{ ...A, quantity: 1 }] });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/orders.csv?from=2026-06-01&to=2026-08-31', headers: admin.headers });
    const rows = parseCsv(res.body.slice(1)).slice(1);
    expect(rows).toHaveLength(1203);
    expect(new Set(rows.map((r) => r[1])).size).toBe(1203);
    expect(rows[0]![0]).toBe('2026-06-01 02:00:00');
    const times = rows.map((r) => r[0]!);
    expect(times).toEqual([...times].sort());
  });

  it('reads the next batch only when the last one has been taken (constant memory)', async () => {
    let queries = 0;
    const counted = t.app.db.withPlugin({
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const csv = ordersCsv(counted, { from: '2026-06-01', to: '2026-08-31' }, 'Europe/Berlin');
    await csv.next(); // the header
    expect(queries).toBe(0);
    const first = await csv.next();
    expect(queries).toBe(1);
    expect(parseCsv(first.value as string)).toHaveLength(EXPORT_BATCH);
    await csv.next();
    expect(queries).toBe(2);
    // A reader that stops (a client gone away) stops the reading.
    await csv.return(undefined);
    expect((await csv.next()).done).toBe(true);
    expect(queries).toBe(2);
  });

  it('answers an empty period with the header alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/orders.csv?from=2025-01-01&to=2025-01-31', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(parseCsv(res.body.slice(1))).toHaveLength(1);
  });
});

describe('GET /api/orders/summary', () => {
  it('answers the caller’s own orders, money spent, favourite dish and last order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/orders/summary', headers: customer.headers });
    expect(res.statusCode).toBe(200);
    const summary = res.json<CustomerSummary>();
    // 10 + 7.50 + 36; the order of 17 refunded in full is counted apart, as the statistics count it.
    expect(summary.orders).toBe(3);
    expect(summary.refundedOrders).toBe(1);
    expect(summary.spent).toBe(53.5);
    expect(summary.favouriteDish).toEqual({ itemId: C.id, name: C.name, quantity: 3 });
    expect(summary.lastOrder).toMatchObject({ number: expect.any(Number), status: 'placed', total: 36, createdAt: '2026-03-29T22:30:00.000Z' });
  });

  it('answers zeros for a customer without orders, and 401 for a visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/orders/summary', headers: earlier.headers });
    expect(res.json<CustomerSummary>()).toEqual({ orders: 0, refundedOrders: 0, spent: 0, favouriteDish: null, lastOrder: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/orders/summary' })).statusCode).toBe(401);
  });
});
