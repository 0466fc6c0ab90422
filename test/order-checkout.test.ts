import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FulfilmentRequest } from '../src/shared/orders.ts';
import { localDate, pickupSlots, startOfLocalDay } from '../src/shared/shop-time.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { openIntentFor, placeOrder, zoneWhereItIsDaytime } from './order-helpers.ts';
import { createIntent, fillCart, menuItemIds } from './payment-helpers.ts';

/**
 * Checkout: POST /api/create-payment-intent takes the fulfilment, checks it (400 with the field
 * errors, nothing opened), keeps it with the intent, and the order made from the payment has it.
 */
const ZONE = zoneWhereItIsDaytime();
let t: TestApp;
let customer: TestUser;
let dish: string;

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { SHOP_TIME_ZONE: ZONE } });
  customer = await signUpUser(t.app, { name: 'Pia Pickup' });
  dish = (await menuItemIds(t.app, 1))[0]!.id;
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('cart_items').execute();
  await fillCart(t.app, customer, [dish]);
});

async function intentsOfCustomer(): Promise<number> {
  const rows = await t.database.db.selectFrom('payment_intents').select('id').where('user_id', '=', customer.id).execute();
  return rows.length;
}
async function keptFulfilment(intentId: string): Promise<unknown> {
  const row = await t.database.db.selectFrom('payment_intents').select('fulfilment').where('id', '=', intentId).executeTakeFirstOrThrow();
  return JSON.parse(row.fulfilment!);
}

/** Asks for an intent with a fulfilment that must be refused: 400 naming the field, no intent opened. */
async function refused(fulfilment: unknown, field: string) {
  const before = await intentsOfCustomer();
  const res = await createIntent(t.app, customer, { price: 1, fulfilment });
  expect(res.statusCode, `${JSON.stringify(fulfilment)}: ${res.body}`).toBe(400);
  expect(Object.keys(res.json<{ fieldErrors: object }>().fieldErrors), JSON.stringify(fulfilment)).toContain(field);
  expect(await intentsOfCustomer()).toBe(before);
}

const address = { line1: '12 Orchard Lane', city: 'Greenville', postalCode: 'GV1 2AB' };

describe('POST /api/create-payment-intent with a fulfilment', () => {
  it("without one (the spec's own call) means pickup as soon as possible", async () => {
    const intent = await openIntentFor(t.app, customer);
    expect(await keptFulfilment(intent.intentId)).toEqual({ type: 'pickup' });
    await t.database.db.deleteFrom('cart_items').execute();
    const { order } = await placeOrder(t.app, customer, { items: [dish] });
    expect(order.fulfilment).toEqual({ type: 'pickup' });
    expect(order.note).toBeNull();
  });

  it('keeps a table, a delivery and a note with the intent, and the order has them', async () => {
    const table: FulfilmentRequest = { type: 'table', table: ' 7 ', note: 'No onions, please' };
    expect(await keptFulfilment((await openIntentFor(t.app, customer, table)).intentId)).toEqual({ type: 'table', table: '7', note: 'No onions, please' });
    await t.database.db.deleteFrom('cart_items').execute();
    const placed = await placeOrder(t.app, customer, { items: [dish], fulfilment: table });
    expect(placed.order.fulfilment).toEqual({ type: 'table', table: '7' });
    expect(placed.order.note).toBe('No onions, please');

    const delivery: FulfilmentRequest = { type: 'delivery', address: { ...address, line2: '' }, phone: '+1 555 0100', note: '' };
    const { order } = await placeOrder(t.app, customer, { items: [dish], fulfilment: delivery });
    expect(order.fulfilment).toEqual({ type: 'delivery', address, phone: '+1 555 0100' });
    expect(order.note).toBeNull();
  });

  it('takes a pickup time today on the 15-minute step, kept as a UTC instant whatever offset it was written in', async () => {
    const slot = pickupSlots(new Date(), ZONE)[1]!;
    // The same instant written with another offset (UTC+02:00).
    const shifted = new Date(slot.getTime() + 2 * 3600_000).toISOString().replace('Z', '+02:00');
    const intent = await openIntentFor(t.app, customer, { type: 'pickup', pickupAt: shifted });
    expect(await keptFulfilment(intent.intentId)).toEqual({ type: 'pickup', pickupAt: slot.toISOString() });
    await t.database.db.deleteFrom('cart_items').execute();
    const { order } = await placeOrder(t.app, customer, { items: [dish], fulfilment: { type: 'pickup', pickupAt: slot.toISOString() } });
    expect(order.fulfilment).toEqual({ type: 'pickup', pickupAt: slot.toISOString() });
  });

  it('refuses a pickup time off the step, beyond the days ahead, in the past or not a time (400, nothing opened)', async () => {
    const now = new Date();
    const slot = pickupSlots(now, ZONE)[1]!;
    const earlyToday = new Date(startOfLocalDay(localDate(now, ZONE), ZONE).getTime() + 15 * 60_000);
    const pickup = (at: string) => ({ type: 'pickup', pickupAt: at });
    await refused(pickup(new Date(slot.getTime() + 7 * 60_000).toISOString()), 'fulfilment.pickupAt');
    await refused(pickup(new Date(slot.getTime() + 30_000).toISOString()), 'fulfilment.pickupAt');
    // Tomorrow is a slot now (orders for later); beyond orderAheadDays (7) is not.
    await refused(pickup(new Date(slot.getTime() + 8 * 24 * 3600_000).toISOString()), 'fulfilment.pickupAt');
    await refused(pickup(new Date(slot.getTime() - 24 * 3600_000).toISOString()), 'fulfilment.pickupAt');
    await refused(pickup(earlyToday.toISOString()), 'fulfilment.pickupAt');
    await refused(pickup('tomorrow at noon'), 'fulfilment.pickupAt');
    await refused(pickup('2026-01-01T12:00:00'), 'fulfilment.pickupAt');
    const res = await createIntent(t.app, customer, { fulfilment: pickup(new Date(slot.getTime() + 60_000).toISOString()) });
    expect(res.json<{ message: string }>().message).toMatch(/15-minute step/);
  });

  it('refuses a table without its number, a delivery without a usable address or phone, an unknown way', async () => {
    await refused({ type: 'table' }, 'fulfilment.table');
    await refused({ type: 'table', table: '   ' }, 'fulfilment.table');
    await refused({ type: 'table', table: 'x'.repeat(31) }, 'fulfilment.table');
    await refused({ type: 'delivery', phone: '+1 555 0100' }, 'fulfilment.address');
    await refused({ type: 'delivery', address: { ...address, line1: '' }, phone: '+1 555 0100' }, 'fulfilment.address.line1');
    await refused({ type: 'delivery', address: { ...address, city: ' ' }, phone: '+1 555 0100' }, 'fulfilment.address.city');
    await refused({ type: 'delivery', address: { ...address, postalCode: '<script>' }, phone: '+1 555 0100' }, 'fulfilment.address.postalCode');
    await refused({ type: 'delivery', address }, 'fulfilment.phone');
    await refused({ type: 'delivery', address, phone: 'call me' }, 'fulfilment.phone');
    await refused({ type: 'drone' }, 'fulfilment.type');
    await refused({ type: 'pickup', note: 'x'.repeat(501) }, 'fulfilment.note');
    await refused('pickup', 'fulfilment');
  });

  it('refuses a repeated key in the body (which fulfilment would be meant?)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { ...customer.headers, 'content-type': 'application/json' },
      payload: '{"fulfilment":{"type":"table","table":"1"},"fulfilment":{"type":"pickup"}}',
    });
    expect(res.statusCode).toBe(400);
  });
});
