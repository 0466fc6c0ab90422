import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { kitchenTicket } from '../src/shared/kitchen-ticket.ts';
import type { Order } from '../src/shared/orders.ts';
import type { CreateIntentAnswer, PaymentAnswer } from '../src/shared/payments.ts';
import { TABLE_TEXTS, type RestaurantTable } from '../src/shared/tables.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { zoneWhereItIsDaytime } from './order-helpers.ts';
import { confirmSandbox, createIntent, fillCart, menuItemIds, postPayment } from './payment-helpers.ts';

/**
 * Checkout through a table link (/t/<token>): the order is eat-here at the link's table, taken
 * from the signed token and never from the body; a token not issued, regenerated or of a removed
 * table opens nothing and names no table.
 */
const ZONE = zoneWhereItIsDaytime();
let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let dish: string;
let terrace: RestaurantTable;
let window2: RestaurantTable;

const tokenOf = (table: RestaurantTable) => decodeURIComponent(table.path.replace(/^\/t\//, ''));

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { SHOP_TIME_ZONE: ZONE } });
  admin = await signUpUser(t.app, { admin: true });
  customer = await signUpUser(t.app, { name: 'Tara Table' });
  dish = (await menuItemIds(t.app, 1))[0]!.id;
  terrace = await t.app.tables.add({ name: '7', area: 'Terrace' });
  window2 = await t.app.tables.add({ name: 'Window 2' });
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('cart_items').execute();
  await fillCart(t.app, customer, [dish]);
});

const intentRows = () => t.database.db.selectFrom('payment_intents').select(['id', 'fulfilment']).where('user_id', '=', customer.id).execute();

describe('checkout through a table link', () => {
  it("is an eat-here order at the link's table, whatever the body asks, named with its area on the board and ticket", async () => {
    // The body asks for delivery elsewhere and another table: the token's table wins, only the note stays.
    const asked = {
      price: 0.01,
      tableToken: tokenOf(terrace),
      fulfilment: { type: 'delivery', address: { line1: '1 Lane', city: 'Town', postalCode: '10115' }, phone: '+1 555 0100', note: 'No onions' },
    };
    const res = await createIntent(t.app, customer, asked);
    expect(res.statusCode, res.body).toBe(200);
    const intent = res.json<CreateIntentAnswer>();
    const kept = (await intentRows()).find((row) => row.id === intent.intentId)!;
    expect(JSON.parse(kept.fulfilment!)).toEqual({ type: 'table', table: '7 · Terrace', area: 'Terrace', note: 'No onions' });

    const other = await createIntent(t.app, customer, { tableToken: tokenOf(terrace), fulfilment: { type: 'table', table: 'Window 2' } });
    expect(other.statusCode).toBe(200);
    const otherIntent = other.json<CreateIntentAnswer>();
    expect(JSON.parse((await intentRows()).find((row) => row.id === otherIntent.intentId)!.fulfilment!)).toEqual({ type: 'table', table: '7 · Terrace', area: 'Terrace' });

    expect((await confirmSandbox(t.app, customer, otherIntent)).statusCode).toBe(200);
    const paid = await postPayment(t.app, customer, otherIntent.intentId);
    expect(paid.statusCode, paid.body).toBe(200);
    const order = paid.json<PaymentAnswer>().order as Order;
    expect(order.fulfilment).toEqual({ type: 'table', table: '7 · Terrace', area: 'Terrace' });

    // The board reads the same order: the table and its area.
    const board = await t.app.inject({ method: 'GET', url: '/api/staff/orders', headers: admin.headers });
    expect(board.statusCode, board.body).toBe(200);
    expect(board.json<Order[]>().find((o) => o._id === order._id)?.fulfilment).toMatchObject({ table: '7 · Terrace', area: 'Terrace' });
    expect(kitchenTicket(order, (iso) => iso, ZONE).heading).toContain('Table 7 · Terrace');
  });

  it('refuses a token not issued, regenerated or of a removed table, and opens nothing', async () => {
    const stale = tokenOf(window2);
    await t.app.tables.regenerate(window2.id);
    const gone = await t.app.tables.add({ name: 'Gone' });
    await t.app.tables.remove(gone.id);
    const [id, version] = tokenOf(terrace).split('.');
    for (const token of [stale, tokenOf(gone), `${id}.${version}.${'B'.repeat(22)}`, 'made-up']) {
      const before = await intentRows();
      const res = await createIntent(t.app, customer, { tableToken: token, fulfilment: { type: 'table', table: '7' } });
      expect(res.statusCode, token).toBe(400);
      expect(res.json().message).toBe(TABLE_TEXTS.linkInvalid);
      expect(await intentRows()).toEqual(before);
    }
  });
});
