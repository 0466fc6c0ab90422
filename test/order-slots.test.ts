import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError } from '../src/shared/errors.ts';
import type { OfferedSlots } from '../src/shared/orders.ts';
import type { CreateIntentAnswer, PaymentAnswer } from '../src/shared/payments.ts';
import { defaultSettings, WEEKDAYS, zonedInstant, type RestaurantSettings } from '../src/shared/restaurant-settings.ts';
import { localDate, nextDate } from '../src/shared/shop-time.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, openSecondApp, type TestApp } from './helpers/test-app.ts';
import { makeStaff, zoneWhereItIsDaytime } from './order-helpers.ts';
import { confirmSandbox, createIntent, fillCart, menuItemIds, postPayment } from './payment-helpers.ts';

/**
 * Orders for later and capacity per slot (issue 40), through the real app and database (SQLite,
 * or PostgreSQL under `npm run test:pg`): a closed restaurant takes orders for tomorrow, a full
 * slot is not offered and its payment is refused before any charge, and of 20 payments at once
 * for the last place exactly one is charged and placed.
 */
const ZONE = zoneWhereItIsDaytime();
const LUNCH = Object.fromEntries(WEEKDAYS.map((day) => [day, [{ open: '11:00', close: '15:00' }]])) as RestaurantSettings['hours'];
const today = localDate(new Date(), ZONE);
const tomorrow = nextDate(today);
/** Closed all of today, lunch every other day: it is closed now, whatever the hour. */
const CLOSED_TODAY: Partial<RestaurantSettings> = { hours: LUNCH, closedDays: [today] };
const at = (date: string, clock: string) => {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  return zonedInstant(date, h * 60 + m, ZONE).toISOString();
};

let t: TestApp;
let second: { app: FastifyInstance; close(): Promise<void> };
let admin: TestUser;
let dish: string;

async function save(changes: Partial<RestaurantSettings>): Promise<void> {
  const res = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: { ...defaultSettings(ZONE), ...changes } });
  expect(res.statusCode, res.body).toBe(200);
  await second.app.settings.reload();
}
async function offered(fulfilment = 'pickup'): Promise<OfferedSlots> {
  const res = await t.app.inject({ method: 'GET', url: `/api/slots?fulfilment=${fulfilment}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OfferedSlots>();
}
/** A customer with one dish in the cart and an intent for pickup at `slot`. */
async function customerWithIntent(slot: string): Promise<{ user: TestUser; intent: CreateIntentAnswer }> {
  const user = await signUpUser(t.app);
  await fillCart(t.app, user, [dish]);
  const res = await createIntent(t.app, user, { fulfilment: { type: 'pickup', pickupAt: slot } });
  expect(res.statusCode, res.body).toBe(200);
  return { user, intent: res.json<CreateIntentAnswer>() };
}
async function payFor(slot: string): Promise<PaymentAnswer> {
  const { user, intent } = await customerWithIntent(slot);
  expect((await confirmSandbox(t.app, user, intent)).statusCode).toBe(200);
  const res = await postPayment(t.app, user, intent.intentId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PaymentAnswer>();
}
/** The sandbox provider's charges for a slot: its intents that succeeded. */
async function chargesFor(slot: string): Promise<number> {
  const rows = await t.database.db.selectFrom('payment_intents').select(['fulfilment', 'status']).where('status', '=', 'succeeded').execute();
  return rows.filter((row) => row.fulfilment?.includes(slot)).length;
}
async function ordersFor(slot: string): Promise<number> {
  const rows = await t.database.db.selectFrom('orders').select('fulfilment').execute();
  return rows.filter((row) => row.fulfilment.includes(slot)).length;
}

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { SHOP_TIME_ZONE: ZONE } });
  second = await openSecondApp(t);
  admin = await signUpUser(t.app, { admin: true });
  dish = (await menuItemIds(t.app, 1))[0]!.id;
});
afterAll(async () => {
  await second.close();
  await t.close();
});
beforeEach(async () => save({}));

describe('orders for later while closed', () => {
  it('offers tomorrow’s slots but not as soon as possible, and places a paid order for tomorrow', async () => {
    await save(CLOSED_TODAY);
    const slots = await offered();
    expect(slots.asap).toBe(false);
    expect(slots.slots[0]).toBe(at(tomorrow, '11:00'));
    expect(slots.slots).toContain(at(tomorrow, '14:45'));
    expect(slots.slots).not.toContain(at(tomorrow, '15:00'));

    const user = await signUpUser(t.app);
    await fillCart(t.app, user, [dish]);
    const asap = await createIntent(t.app, user, { fulfilment: { type: 'pickup' } });
    expect(asap.statusCode).toBe(409);
    expect(asap.json<ApiError>().message).toMatch(/^We open/);

    const answer = await payFor(at(tomorrow, '12:30'));
    expect(answer.order?.fulfilment).toEqual({ type: 'pickup', pickupAt: at(tomorrow, '12:30') });

    // The board lists it today (placed today, in "Later") and tomorrow (its slot's day).
    const staff = await signUpUser(t.app);
    await makeStaff(t.app, staff);
    for (const date of [today, tomorrow]) {
      const board = await t.app.inject({ method: 'GET', url: `/api/staff/orders?date=${date}`, headers: staff.headers });
      expect(board.json<Array<{ _id: string }>>().map((o) => o._id), date).toContain(answer.order!._id);
    }
    const dayAfter = await t.app.inject({ method: 'GET', url: `/api/staff/orders?date=${nextDate(tomorrow)}`, headers: staff.headers });
    expect(dayAfter.json<Array<{ _id: string }>>().map((o) => o._id)).not.toContain(answer.order!._id);
  });

  it('takes delivery for later, and eat-here for later only when the owner allows it', async () => {
    await save(CLOSED_TODAY);
    const user = await signUpUser(t.app);
    await fillCart(t.app, user, [dish]);
    const delivery = { type: 'delivery', address: { line1: '1 Lane', city: 'Town', postalCode: 'AB1' }, phone: '+1 555 0100', scheduledAt: at(tomorrow, '13:00') };
    expect((await createIntent(t.app, user, { fulfilment: delivery })).statusCode).toBe(200);

    const table = { type: 'table', table: '4', scheduledAt: at(tomorrow, '13:00') };
    const refused = await createIntent(t.app, user, { fulfilment: table });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json<ApiError>().fieldErrors ?? {})).toEqual(['fulfilment.scheduledAt']);
    expect((await offered('table')).slots).toEqual([]);

    await save({ ...CLOSED_TODAY, scheduledEatHere: true });
    expect((await offered('table')).slots[0]).toBe(at(tomorrow, '11:00'));
    expect((await createIntent(t.app, user, { fulfilment: table })).statusCode).toBe(200);
  });
});

describe('capacity per slot', () => {
  it('leaves a full slot out and refuses its payment before any charge, with the next free slots (409)', async () => {
    await save({ ...CLOSED_TODAY, slotMaxOrders: 1 });
    const slot = at(tomorrow, '11:30');
    // Opened while the slot was free; its card is not charged once another payment took the place.
    const late = await customerWithIntent(slot);
    await payFor(slot);
    expect((await offered()).slots).not.toContain(slot);

    const confirm = await confirmSandbox(t.app, late.user, late.intent);
    expect(confirm.statusCode).toBe(409);
    const body = confirm.body as unknown as ApiError;
    expect(body.code).toBe('SLOT_FULL');
    expect(body.message).toMatch(/filled up meanwhile/);
    expect(body.nextSlots).toEqual([at(tomorrow, '11:00'), at(tomorrow, '11:15'), at(tomorrow, '11:45')]);
    expect(await chargesFor(slot)).toBe(1);

    const user = await signUpUser(t.app);
    await fillCart(t.app, user, [dish]);
    const opened = await createIntent(t.app, user, { fulfilment: { type: 'pickup', pickupAt: slot } });
    expect(opened.statusCode).toBe(409);
    expect(opened.json<ApiError>().code).toBe('SLOT_FULL');
  });

  it('counts dishes when the owner limits them', async () => {
    await save({ ...CLOSED_TODAY, slotMaxDishes: 2 });
    const slot = at(tomorrow, '12:00');
    const user = await signUpUser(t.app);
    await fillCart(t.app, user, [dish, dish, dish]);
    const res = await createIntent(t.app, user, { fulfilment: { type: 'pickup', pickupAt: slot } });
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiError>().nextSlots).toEqual([]);
  });

  it('of 20 payments at once for the last place, from two processes, exactly one is charged and placed', async () => {
    await save({ ...CLOSED_TODAY, slotMaxOrders: 3 });
    const slot = at(tomorrow, '13:30');
    await payFor(slot);
    await payFor(slot);
    const racers = [];
    for (let i = 0; i < 20; i++) racers.push(await customerWithIntent(slot));

    const confirms = await Promise.all(racers.map(({ user, intent }, i) => confirmSandbox(i % 2 === 0 ? t.app : second.app, user, intent)));
    const won = confirms.filter((c) => c.statusCode === 200 && 'paymentIntent' in c.body);
    expect(won).toHaveLength(1);
    expect(confirms.filter((c) => c.statusCode === 409 && (c.body as unknown as ApiError).code === 'SLOT_FULL')).toHaveLength(19);
    // Nobody was charged for a place they did not get: the provider's charges are the places.
    expect(await chargesFor(slot)).toBe(3);

    const payments = await Promise.all(racers.map(({ user, intent }) => postPayment(t.app, user, intent.intentId)));
    expect(payments.filter((p) => p.statusCode === 200)).toHaveLength(1);
    expect(await ordersFor(slot)).toBe(3);
    expect((await offered()).slots).not.toContain(slot);
    // 22 sign-ups (each hashes a password) on a shared machine.
  }, 180_000);
});
