import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../src/shared/orders.ts';
import type { CreateIntentAnswer, PaymentAnswer } from '../src/shared/payments.ts';
import { GUEST_AT_TABLE_ONLY } from '../src/shared/roles.ts';
import type { RestaurantTable } from '../src/shared/tables.ts';
import { sessionCookie, signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { zoneWhereItIsDaytime } from './order-helpers.ts';
import { confirmSandbox, createIntent, fillCart, menuItemIds, postPayment } from './payment-helpers.ts';

/**
 * A guest's checkout (decision 0047) through the real app and database: eat-here at the table of
 * its link only, at the server's prices, one open intent for two tabs, and its order its own.
 */
const ZONE = zoneWhereItIsDaytime();
let t: TestApp;
let admin: TestUser;
let table: RestaurantTable;
let dish: { id: string; cents: number };

const tokenOf = (link: RestaurantTable) => decodeURIComponent(link.path.replace(/^\/t\//, ''));

/** A guest begun through the table's link, shaped as the payment helpers take a user. */
async function beginGuest(name: string): Promise<TestUser> {
  const res = await t.app.inject({ method: 'POST', url: `/api/tables/${encodeURIComponent(tokenOf(table))}/guest`, payload: { name } });
  expect(res.statusCode, res.body).toBe(200);
  const { user } = res.json<{ user: { id: string; email: string } }>();
  return { id: user.id, name, email: user.email, password: '', headers: { cookie: sessionCookie(res) } } as unknown as TestUser;
}

const openIntents = (guest: TestUser) =>
  t.database.db.selectFrom('payment_intents').select(['id', 'amount_cents', 'fulfilment']).where('open_for_user', '=', guest.id).execute();

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { SHOP_TIME_ZONE: ZONE } });
  admin = await signUpUser(t.app, { admin: true });
  table = await t.app.tables.add({ name: '4', area: 'Garden' });
  dish = (await menuItemIds(t.app, 1))[0]!;
});
afterAll(async () => t.close());

describe("a guest's checkout", () => {
  it("is eat-here at its link's table only, at the server's price, and the order is the guest's alone", async () => {
    const guest = await beginGuest('Ben');
    await fillCart(t.app, guest, [dish.id]);

    for (const body of [{ price: 0.01 }, { price: 0.01, fulfilment: { type: 'pickup' } }, { fulfilment: { type: 'table', table: '4' } }]) {
      const refused = await createIntent(t.app, guest, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(403);
      expect(refused.json<{ message: string }>().message).toBe(GUEST_AT_TABLE_ONLY);
    }
    expect(await openIntents(guest)).toEqual([]);

    const res = await createIntent(t.app, guest, { price: 0.01, tableToken: tokenOf(table) });
    expect(res.statusCode, res.body).toBe(200);
    const intent = res.json<CreateIntentAnswer>();
    expect(Math.round(intent.amount * 100)).toBe(dish.cents);
    expect((await confirmSandbox(t.app, guest, intent)).statusCode).toBe(200);
    const paid = await postPayment(t.app, guest, intent.intentId);
    expect(paid.statusCode, paid.body).toBe(200);
    const order = paid.json<PaymentAnswer>().order as Order;
    expect(order.fulfilment).toEqual({ type: 'table', table: '4 · Garden', area: 'Garden' });

    // The guest reads its order; the staff's board has it; another guest finds nothing.
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: guest.headers })).statusCode).toBe(200);
    const board = await t.app.inject({ method: 'GET', url: '/api/staff/orders', headers: admin.headers });
    expect(board.json<Order[]>().some((o) => o._id === order._id)).toBe(true);
    const stranger = await beginGuest('Cy');
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: stranger.headers })).statusCode).toBe(404);
  });

  it('opens one intent for the two tabs of one guest', async () => {
    const guest = await beginGuest('Dee');
    await fillCart(t.app, guest, [dish.id]);
    const [first, second] = await Promise.all([0, 1].map(() => createIntent(t.app, guest, { tableToken: tokenOf(table) })));
    expect([first!.statusCode, second!.statusCode]).toEqual([200, 200]);
    expect(first!.json<CreateIntentAnswer>().intentId).toBe(second!.json<CreateIntentAnswer>().intentId);
    expect(await openIntents(guest)).toHaveLength(1);
  });

  it('deletes the guests who never paid a day after they began, with their carts; payers and new guests stay', async () => {
    const idle = await beginGuest('Eve');
    await fillCart(t.app, idle, [dish.id]);
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    await t.database.db.updateTable('users').set({ created_at: dayAgo }).where('role', '=', 'guest').execute();
    const fresh = await beginGuest('Flo');
    const payers = await t.database.db.selectFrom('payments').select('user_id').distinct().execute();
    expect(payers.length).toBeGreaterThan(0);

    expect(await t.app.accounts.eraseIdleGuests()).toBeGreaterThan(0);
    const left = (await t.database.db.selectFrom('users').select('id').where('role', '=', 'guest').execute()).map((row) => row.id);
    expect(left).not.toContain(idle.id);
    expect(left).toContain(fresh.id);
    for (const { user_id } of payers) expect(left).toContain(user_id);
    expect(await t.database.db.selectFrom('cart_items').select('id').where('user_id', '=', idle.id).execute()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/cart/removed', headers: idle.headers })).statusCode).toBe(401);
  });
});
