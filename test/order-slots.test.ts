import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError } from '../src/shared/errors.ts';
import type { OfferedSlots } from '../src/shared/orders.ts';
import type { CreateIntentAnswer, PaymentAnswer } from '../src/shared/payments.ts';
import { defaultSettings, WEEKDAYS, zonedInstant, type RestaurantSettings } from '../src/shared/restaurant-settings.ts';
import { localDate, nextDate } from '../src/shared/shop-time.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, openSecondApp, type TestApp } from './helpers/test-app.ts';
import { makeStaff, moveOrder, zoneWhereItIsDaytime } from './order-helpers.ts';
import { confirmSandbox, createIntent, fillCart, menuItemIds, postPayment } from './payment-helpers.ts';

/**
 * Orders for later and capacity per slot (issue 40), through the real app and database (SQLite,
 * or PostgreSQL under `npm run test:pg`): a closed restaurant takes orders for tomorrow, a full
 * slot is not offered and its payment is refused before any charge (the place is held from the
 * payment's opening), of 20 payments at once for the last place exactly one is charged and placed,
 * and a rejected or cancelled order gives its place back.
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
/** Intents still open for a slot: what a browser could yet charge. */
async function payableFor(slot: string): Promise<number> {
  const rows = await t.database.db.selectFrom('payment_intents').select('fulfilment').where('settled_at', 'is', null).where('open_for_user', 'is not', null).execute();
  return rows.filter((row) => row.fulfilment?.includes(slot)).length;
}
/** Ten minutes later: the intent's held place has lapsed. */
async function lapseHold(intentId: string): Promise<void> {
  const res = await t.database.db.updateTable('slot_holds').set({ held_until: new Date(Date.now() - 1000).toISOString() }).where('intent_id', '=', intentId).executeTakeFirst();
  expect(Number(res.numUpdatedRows)).toBe(1);
}
/** The provider took the card's money without the shop's own confirmation, as Stripe.js does in the browser. */
async function chargedByBrowser(intentId: string): Promise<void> {
  await t.database.db.updateTable('payment_intents').set({ status: 'succeeded' }).where('id', '=', intentId).execute();
}
async function intentStatus(intentId: string): Promise<string | undefined> {
  return (await t.database.db.selectFrom('payment_intents').select('status').where('id', '=', intentId).executeTakeFirst())?.status;
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
  it('holds the place from the payment’s opening: a full slot is left out and refused before any charge, with the next free slots (409)', async () => {
    await save({ ...CLOSED_TODAY, slotMaxOrders: 1 });
    const slot = at(tomorrow, '11:30');
    // The first customer's open payment holds the slot's only place: nobody else gets a payment for it.
    const late = await customerWithIntent(slot);
    expect((await offered()).slots).not.toContain(slot);
    const other = await signUpUser(t.app);
    await fillCart(t.app, other, [dish]);
    const refused = await createIntent(t.app, other, { fulfilment: { type: 'pickup', pickupAt: slot } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiError>().code).toBe('SLOT_FULL');
    expect(refused.json<ApiError>().nextSlots).toEqual([at(tomorrow, '11:00'), at(tomorrow, '11:15'), at(tomorrow, '11:45')]);

    // Its hold lapses (the page was left open): the place goes to a payment that is made, and the late card is not charged.
    await lapseHold(late.intent.intentId);
    await payFor(slot);
    const confirm = await confirmSandbox(t.app, late.user, late.intent);
    expect(confirm.statusCode).toBe(409);
    const body = confirm.body as unknown as ApiError;
    expect(body.code).toBe('SLOT_FULL');
    expect(body.message).toMatch(/filled up meanwhile/);
    expect(body.nextSlots).toEqual([at(tomorrow, '11:00'), at(tomorrow, '11:15'), at(tomorrow, '11:45')]);
    expect(await chargesFor(slot)).toBe(1);
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
    for (let i = 0; i < 20; i++) {
      const user = await signUpUser(t.app);
      await fillCart(t.app, user, [dish]);
      racers.push(user);
    }

    // All open their payment at once: one holds the last place, the others are refused before any charge.
    const opened = await Promise.all(
      racers.map((user, i) => createIntent(i % 2 === 0 ? t.app : second.app, user, { fulfilment: { type: 'pickup', pickupAt: slot } })),
    );
    expect(opened.filter((res) => res.statusCode === 409 && res.json<ApiError>().code === 'SLOT_FULL')).toHaveLength(19);
    const winners = racers.flatMap((user, i) => (opened[i]!.statusCode === 200 ? [{ user, intent: opened[i]!.json<CreateIntentAnswer>() }] : []));
    expect(winners).toHaveLength(1);
    // Every payment a browser could still charge is the winner's: the losers' intents were never made or are cancelled.
    expect(await payableFor(slot)).toBe(1);

    const [winner] = winners;
    expect((await confirmSandbox(second.app, winner!.user, winner!.intent)).statusCode).toBe(200);
    expect((await postPayment(t.app, winner!.user, winner!.intent.intentId)).statusCode).toBe(200);
    // Nobody was charged for a place they did not get: the provider's charges are the places.
    expect(await chargesFor(slot)).toBe(3);
    expect(await ordersFor(slot)).toBe(3);
    expect((await offered()).slots).not.toContain(slot);
    // 22 sign-ups (each hashes a password) on a shared machine.
  }, 180_000);

  it('a card charged by the browser, as Stripe’s page does, keeps the place its payment held', async () => {
    await save({ ...CLOSED_TODAY, slotMaxOrders: 1 });
    const slot = at(tomorrow, '14:00');
    const first = await customerWithIntent(slot);
    const other = await signUpUser(t.app);
    await fillCart(t.app, other, [dish]);
    expect((await createIntent(t.app, other, { fulfilment: { type: 'pickup', pickupAt: slot } })).statusCode).toBe(409);

    // The provider charged the card without the shop's confirmation (Stripe.js confirms in the browser).
    await chargedByBrowser(first.intent.intentId);
    expect((await postPayment(t.app, first.user, first.intent.intentId)).statusCode).toBe(200);
    expect(await ordersFor(slot)).toBe(1);
  });

  it('a payment whose held place lapsed is cancelled by the periodic check, and one charged anyway is refunded, not placed', async () => {
    await save({ ...CLOSED_TODAY, slotMaxOrders: 1 });
    const slot = at(tomorrow, '14:15');
    const slow = await customerWithIntent(slot);
    const slower = await customerWithIntent(at(tomorrow, '14:30'));
    await lapseHold(slow.intent.intentId);
    await lapseHold(slower.intent.intentId);
    await payFor(slot);

    // Charged in the browser after its place lapsed and went to another: the charge goes back in full, and no order is placed.
    await chargedByBrowser(slow.intent.intentId);
    const res = await postPayment(t.app, slow.user, slow.intent.intentId);
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiError>().message).toMatch(/slot tomorrow at 14:15 filled up.*refunded in full/);
    expect(await ordersFor(slot)).toBe(1);
    const refunds = await t.database.db.selectFrom('sandbox_refunds').select('amount_cents').where('intent_id', '=', slow.intent.intentId).execute();
    expect(refunds).toHaveLength(1);

    // The check cancels the open intent whose place lapsed, so its page can no longer charge the card, and drops its hold.
    await t.app.payments.reconcileAll();
    expect(await intentStatus(slower.intent.intentId)).toBe('canceled');
    expect(await t.database.db.selectFrom('slot_holds').select('intent_id').where('intent_id', '=', slower.intent.intentId).execute()).toEqual([]);
  });
});

describe('a rejected or cancelled order for later', () => {
  it('gives its slot’s place back and stays on its slot’s day of the board', async () => {
    await save({ ...CLOSED_TODAY, slotMaxOrders: 1 });
    const staff = await signUpUser(t.app);
    await makeStaff(t.app, staff);
    for (const [clock, moves] of [
      ['12:15', [{ status: 'rejected', reason: 'No avocados' }]],
      ['12:45', [{ status: 'accepted', readyInMinutes: 20 }, { status: 'cancelled', reason: 'Kitchen closed early' }]],
    ] as const) {
      const slot = at(tomorrow, clock);
      const order = (await payFor(slot)).order!;
      expect((await offered()).slots).not.toContain(slot);
      for (const move of moves) expect((await moveOrder(t.app, staff, order._id, move)).statusCode).toBe(200);
      expect((await offered()).slots, clock).toContain(slot);
      // Another customer takes the place it gave back.
      await payFor(slot);
      expect((await offered()).slots).not.toContain(slot);
      const board = await t.app.inject({ method: 'GET', url: `/api/staff/orders?date=${tomorrow}`, headers: staff.headers });
      expect(board.json<Array<{ _id: string }>>().map((o) => o._id)).toContain(order._id);
    }
  });
});
