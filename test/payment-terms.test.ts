import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FulfilmentRequest } from '../src/shared/orders.ts';
import { ACCOUNT_PAYMENT_UNSETTLED_MESSAGE, TERMS_CHANGED_CODE } from '../src/shared/payment-constants.ts';
import type { PaymentAnswer } from '../src/shared/payments.ts';
import { defaultSettings, WEEKDAYS, type RestaurantSettings } from '../src/shared/restaurant-settings.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { claimForTermsRefund, settleIntentForOrder } from '../src/server/payments/payment-repository.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { openIntentFor, zoneWhereItIsDaytime } from './order-helpers.ts';
import { confirmSandbox, fillCart, menuItemIds, postPayment } from './payment-helpers.ts';

/**
 * A payment pays today's terms (issue 39, point 7): a price, the delivery fee, the minimum, the
 * area, the delivery switch, the hours or a pause changed after the intent was made, and the
 * payment is recorded: no order at the old terms, the charge refunded once, the cart kept. And no
 * account deletion erases a charged payment the shop has not recorded (point 6).
 */
const ZONE = zoneWhereItIsDaytime();
let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let dish: { id: string; cents: number };

const address = { line1: '12 Orchard Lane', city: 'Greenville', postalCode: 'GV1 2AB' };
const delivery: FulfilmentRequest = { type: 'delivery', address, phone: '+1 555 0100' };
const terms = { fulfilments: { table: true, pickup: true, delivery: true }, deliveryFee: 5, minimumOrder: 0, postalCodes: ['GV1*'] };

async function save(changes: Partial<RestaurantSettings>): Promise<void> {
  const res = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: { ...defaultSettings(ZONE), ...terms, ...changes } });
  expect(res.statusCode, res.body).toBe(200);
}
async function setPrice(cents: number): Promise<void> {
  await t.database.db.updateTable('menu_items').set({ price_cents: cents, new_price_cents: null }).where('id', '=', dish.id).execute();
}
async function cartIds(user: TestUser): Promise<string[]> {
  return (await t.database.db.selectFrom('cart_items').select('id').where('user_id', '=', user.id).orderBy('id').execute()).map((r) => r.id);
}
async function refundsOf(intentId: string): Promise<number> {
  return (await t.database.db.selectFrom('sandbox_refunds').select('id').where('intent_id', '=', intentId).execute()).length;
}
async function ordersOf(intentId: string): Promise<number> {
  return (await t.database.db.selectFrom('payments').select('id').where('transaction_id', '=', intentId).execute()).length;
}

/** Two dishes in the cart, an intent with this fulfilment, the card charged: the payment not yet recorded. */
async function chargedIntent(user: TestUser, fulfilment: FulfilmentRequest = { type: 'pickup' }) {
  await fillCart(t.app, user, [dish.id, dish.id]);
  const intent = await openIntentFor(t.app, user, fulfilment);
  const confirmed = await confirmSandbox(t.app, user, intent);
  expect(confirmed.statusCode, JSON.stringify(confirmed.body)).toBe(200);
  return intent;
}

/** Recording refuses to place it (409 TERMS_CHANGED saying what changed), twice; refunded once, no order, cart kept. */
async function expectRefunded(intentId: string, changed: string | RegExp): Promise<void> {
  const cart = await cartIds(customer);
  for (let i = 0; i < 2; i++) {
    const res = await postPayment(t.app, customer, intentId);
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json<{ code: string; message: string }>();
    expect(body.code).toBe(TERMS_CHANGED_CODE);
    expect(body.message).toMatch(changed);
    expect(body.message).toContain('was refunded in full. Your cart is kept: check the new total and pay again.');
  }
  expect(await refundsOf(intentId)).toBe(1);
  expect(await ordersOf(intentId)).toBe(0);
  expect(await t.database.db.selectFrom('orders').select('id').where('transaction_id', '=', intentId).execute()).toEqual([]);
  expect(await cartIds(customer)).toEqual(cart);
  expect(cart).toHaveLength(2);
  // Settled, and no longer the customer's open intent: the page asks for one at the new terms.
  const row = await t.database.db.selectFrom('payment_intents').select(['open_for_user', 'settled_at']).where('id', '=', intentId).executeTakeFirstOrThrow();
  expect(row.open_for_user).toBeNull();
  expect(row.settled_at).not.toBeNull();
}

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { SHOP_TIME_ZONE: ZONE } });
  admin = await signUpUser(t.app, { admin: true, name: 'Ada Admin' });
  customer = await signUpUser(t.app, { name: 'Cora Customer' });
  dish = (await menuItemIds(t.app, 1))[0]!;
});
afterAll(async () => t.close());
beforeEach(async () => {
  await save({});
  await setPrice(1000);
  await t.database.db.deleteFrom('cart_items').execute();
});

describe('recording a payment whose terms changed after its intent was made', () => {
  it('places the order as before when nothing changed', async () => {
    const intent = await chargedIntent(customer, delivery);
    expect(intent.amount).toBe(25);
    const res = await postPayment(t.app, customer, intent.intentId);
    expect(res.statusCode, res.body).toBe(200);
    const { order } = res.json<PaymentAnswer>();
    expect(order?.total).toBe(25);
    expect(order?.deliveryFee).toBe(5);
    expect(await refundsOf(intent.intentId)).toBe(0);
    expect(await cartIds(customer)).toEqual([]);
  });

  it('refunds a payment whose dish price was raised from $10 to $99', async () => {
    const intent = await chargedIntent(customer);
    await setPrice(9900);
    await expectRefunded(intent.intentId, /the price of .+ went from \$10\.00 to \$99\.00/);
  });

  it('refunds a payment whose delivery fee was raised from $5 to $50', async () => {
    const intent = await chargedIntent(customer, delivery);
    await save({ deliveryFee: 50 });
    await expectRefunded(intent.intentId, 'the delivery fee went from $5.00 to $50.00');
  });

  it('refunds a delivery whose dishes no longer reach a raised minimum', async () => {
    const intent = await chargedIntent(customer, delivery);
    await save({ minimumOrder: 30 });
    await expectRefunded(intent.intentId, 'The minimum order for delivery is $30.00: add $10.00 more');
  });

  it('refunds a delivery to an address the delivery area no longer covers', async () => {
    const intent = await chargedIntent(customer, delivery);
    await save({ postalCodes: ['XY9*'] });
    await expectRefunded(intent.intentId, 'We do not deliver to GV1 2AB');
  });

  it('refunds a delivery after delivery was switched off', async () => {
    const intent = await chargedIntent(customer, delivery);
    await save({ fulfilments: { table: true, pickup: true, delivery: false } });
    await expectRefunded(intent.intentId, /Delivery is not offered at the moment/);
  });

  it('refunds a payment recorded after the shop closed', async () => {
    const intent = await chargedIntent(customer);
    await save({ hours: Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as RestaurantSettings['hours'] });
    await expectRefunded(intent.intentId, /terms that have changed: .+\. No order was placed/);
  });

  it('refunds a payment recorded while orders are paused', async () => {
    const intent = await chargedIntent(customer);
    await save({ ordersPaused: true, pauseMessage: 'The kitchen is catching up' });
    await expectRefunded(intent.intentId, 'The kitchen is catching up');
  });

  it('refunds on the cart read that records a forgotten payment, with the cart kept', async () => {
    const intent = await chargedIntent(customer);
    await setPrice(9900);
    const cart = await t.app.inject({ method: 'GET', url: `/api/cart?email=${encodeURIComponent(customer.email.toLowerCase())}`, headers: customer.headers });
    expect(cart.statusCode).toBe(200);
    expect(await refundsOf(intent.intentId)).toBe(1);
    expect(await ordersOf(intent.intentId)).toBe(0);
    expect(await cartIds(customer)).toHaveLength(2);
  });

  it('refuses the card before charging it when the terms changed since the intent (nothing charged)', async () => {
    await fillCart(t.app, customer, [dish.id]);
    const intent = await openIntentFor(t.app, customer, delivery);
    await save({ deliveryFee: 50 });
    const confirmed = await confirmSandbox(t.app, customer, intent);
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.body).toMatchObject({ code: TERMS_CHANGED_CODE });
    expect((confirmed.body as unknown as { message: string }).message).toContain('the delivery fee went from $5.00 to $50.00. Nothing was charged.');
    const row = await t.database.db.selectFrom('payment_intents').select('status').where('id', '=', intent.intentId).executeTakeFirstOrThrow();
    expect(row.status).toBe('requires_payment_method');
    // The page's new intent is at the new fee.
    const renewed = await openIntentFor(t.app, customer, delivery);
    expect(renewed.deliveryFee).toBe(50);
    expect(renewed.intentId).not.toBe(intent.intentId);
  });

  it('refunds a payment claimed for a refund even when the terms are back, and no racing call places its order', async () => {
    const intent = await chargedIntent(customer);
    // A call saw a raised price and claimed the intent, then died before asking the provider.
    expect(await claimForTermsRefund(t.database.db, intent.intentId, 'the price of a dish went up')).toBe(true);
    // A call that judged the old terms fine cannot settle it for an order any more.
    expect(await settleIntentForOrder(t.database.db, intent.intentId)).toBe(false);
    // The price is back as it was: the claim still stands, so the payment is refunded, not placed.
    await expectRefunded(intent.intentId, 'the price of a dish went up');
  });

  it('does not claim a payment already recorded: its order stands and nothing is refunded', async () => {
    const intent = await chargedIntent(customer);
    expect((await postPayment(t.app, customer, intent.intentId)).statusCode).toBe(200);
    expect(await claimForTermsRefund(t.database.db, intent.intentId, 'the price of a dish went up')).toBe(false);
    expect(await refundsOf(intent.intentId)).toBe(0);
    expect(await ordersOf(intent.intentId)).toBe(1);
  });
});

describe('deleting an account with a charged payment the shop has not recorded', () => {
  it("records the payment first: the customer's own delete then waits for the order, the admin's keeps the payment", async () => {
    const dora = await signUpUser(t.app, { name: 'Dora Deleting' });
    const intent = await chargedIntent(dora);
    const own = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: dora.headers, payload: { password: dora.password } });
    expect(own.statusCode, own.body).toBe(409);
    expect(own.json<{ message: string }>().message).toContain('still on its way');
    expect(await ordersOf(intent.intentId)).toBe(1);
    expect(await t.database.db.selectFrom('users').select('id').where('id', '=', dora.id).execute()).toHaveLength(1);

    const ida = await signUpUser(t.app, { name: 'Ida Erased' });
    const second = await chargedIntent(ida);
    const erased = await t.app.inject({ method: 'DELETE', url: `/api/users/admin/${ida.id}`, headers: admin.headers });
    expect(erased.statusCode, erased.body).toBe(200);
    const kept = await t.database.db.selectFrom('payments').select(['price_cents', 'user_id']).where('transaction_id', '=', second.intentId).execute();
    expect(kept).toEqual([{ price_cents: 2000, user_id: null }]);
  });

  it('refuses the deletion while a payment cannot be settled with the provider', async () => {
    const ivo = await signUpUser(t.app, { name: 'Ivo Unsettled' });
    const intent = await chargedIntent(ivo);
    // Made with the other provider (the shop's setting changed since): this one cannot settle it.
    await t.database.db.updateTable('payment_intents').set({ provider: 'stripe', open_for_user: null }).where('id', '=', intent.intentId).execute();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/users/admin/${ivo.id}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(ACCOUNT_PAYMENT_UNSETTLED_MESSAGE);
    expect(await t.database.db.selectFrom('payment_intents').select('id').where('id', '=', intent.intentId).execute()).toHaveLength(1);
    expect(await t.database.db.selectFrom('users').select('id').where('id', '=', ivo.id).execute()).toHaveLength(1);
  });
});
