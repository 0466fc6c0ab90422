import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStats } from '../src/shared/stats.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { insertPastOrder, parseCsv } from './stats-helpers.ts';

/**
 * Issue 41: "Total orders 3" beside "Revenue $30.40" and "Average order $30.40" when two of the
 * three were refunded. Orders, revenue and average count one set (the orders not refunded in
 * full, net of refunds), and the CSV of the same period sums to the same tiles.
 */
let t: TestApp;
let admin: TestUser;

const A = { id: 'dish-a', name: 'Alfalfa salad', cents: 500 };
const B = { id: 'dish-b', name: 'Beet carpaccio', cents: 750 };
const C = { id: 'dish-c', name: 'Cashew cheese', cents: 1200 };
const DAY = 'from=2026-12-10&to=2026-12-10';

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { SHOP_TIME_ZONE: 'Europe/Berlin' } });
  admin = await signUpUser(t.app, { admin: true, name: 'Ada Admin' });
  // Kept: 2 × 12 + 5 = 29 and a tip of 3. Refunded in full: 15 and a tip of 1. Partly refunded:
  // 12 + 3 delivery, 2 of it back.
  const tipped = await insertPastOrder(t.app, { at: '2026-12-10T10:00:00.000Z', items: [{ ...C, quantity: 2 }, { ...A, quantity: 1 }] });
  const cancelled = await insertPastOrder(t.app, {
    at: '2026-12-10T11:00:00.000Z',
    items: [{ ...B, quantity: 2 }],
    status: 'cancelled',
    refund: { status: 'succeeded', cents: 1600 },
  });
  // Each tip inside its order's total as the payment stores it (migration 029); a whole refund gave the second back.
  await t.app.db.updateTable('orders').set({ tip_cents: 300, total_cents: 3200 }).where('id', '=', tipped).execute();
  await t.app.db.updateTable('orders').set({ tip_cents: 100, total_cents: 1600 }).where('id', '=', cancelled).execute();
  const delivered = await insertPastOrder(t.app, {
    at: '2026-12-10T12:00:00.000Z',
    items: [{ ...C, quantity: 1 }],
    fulfilment: 'delivery',
    refund: { status: 'succeeded', cents: 200 },
  });
  // Its delivery fee of 3, inside its total as the payment stores it: money no dish line carries.
  await t.app.db.updateTable('orders').set({ delivery_fee_cents: 300, total_cents: 1500 }).where('id', '=', delivered).execute();
});
afterAll(async () => t.close());

async function stats(): Promise<AdminStats> {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/stats?${DAY}`, headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminStats>();
}

const cents = (cell: string | undefined) => Math.round(Number(cell ?? '0') * 100);

describe('statistics that add up', () => {
  it('counts orders, revenue and average over the same orders: those not refunded in full', async () => {
    const s = await stats();
    // (29 + 3 tip) + (15 − 2) = 45 in the 2 orders kept; the partly refunded one stays counted.
    expect(s.tiles.revenue.value).toBe(45);
    expect(s.tiles.orders.value).toBe(2);
    expect(s.tiles.averageOrder.value).toBe(22.5);
    expect(s.tiles.averageOrder.value * s.tiles.orders.value).toBe(s.tiles.revenue.value);
    expect(s.tiles.refunds.value).toBe(18);
    // Tips are gross: as paid, before refunds (the cancelled order's 1 was given back with it).
    expect(s.tiles.tips.value).toBe(4);
    expect(s.refundedOrders).toBe(2);
    // The chart and the fulfilment split count the same orders and money as the tiles.
    expect(s.series.reduce((n, p) => n + p.orders, 0)).toBe(2);
    expect(s.series.reduce((n, p) => n + Math.round(p.revenue * 100), 0)).toBe(4500);
    expect(s.fulfilment.reduce((n, f) => n + f.orders, 0)).toBe(2);
    expect(s.fulfilment.reduce((n, f) => n + Math.round(f.revenue * 100), 0)).toBe(4500);
    // The kitchen still made all three: the busiest hours count every order placed.
    expect(s.busiestHours.flat().reduce((n, h) => n + h, 0)).toBe(3);
  });

  it('has a CSV of the same period whose totals are the tiles', async () => {
    const s = await stats();
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/orders.csv?${DAY}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(res.body.slice(1));
    const col = (name: string) => header!.indexOf(name);
    const sum = (name: string) => rows.reduce((n, r) => n + cents(r[col(name)]), 0);
    const tile = (value: number) => Math.round(value * 100);
    expect(sum('Order net of refunds (incl. tax)')).toBe(tile(s.tiles.revenue.value));
    expect(sum('Order total (gross, incl. tax)') - sum('Refund')).toBe(tile(s.tiles.revenue.value));
    // The dish lines, the delivery fees and the tips make the gross; the refund and tip columns sum to their tiles.
    expect(sum('Line total (gross, incl. tax)') + sum('Delivery fee') + sum('Tip (as paid, before refunds)')).toBe(sum('Order total (gross, incl. tax)'));
    expect(sum('Tip (as paid, before refunds)')).toBe(tile(s.tiles.tips.value));
    expect(sum('Refund')).toBe(tile(s.tiles.refunds.value));
    // The orders kept (net above zero) are the orders tile's.
    const firstRows = rows.filter((r) => r[col('Order total (gross, incl. tax)')] !== '');
    expect(firstRows).toHaveLength(3);
    expect(firstRows.filter((r) => cents(r[col('Order net of refunds (incl. tax)')]) > 0)).toHaveLength(s.tiles.orders.value);
  });
});
