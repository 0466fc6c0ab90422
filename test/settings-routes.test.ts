import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../src/shared/orders.ts';
import type { CreateIntentAnswer, PaymentAnswer } from '../src/shared/payments.ts';
import { defaultSettings, WEEKDAYS, zonedInstant, type RestaurantSettings } from '../src/shared/restaurant-settings.ts';
import { localDate, nextDate } from '../src/shared/shop-time.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, openSecondApp, type TestApp } from './helpers/test-app.ts';
import { makeStaff, zoneWhereItIsDaytime } from './order-helpers.ts';
import { confirmSandbox, createIntent, fillCart, menuItemIds, postPayment } from './payment-helpers.ts';

/**
 * The restaurant's settings (GET and PUT /api/settings) and what they change at checkout: payment
 * refused while closed or paused, only the offered ways, pickup within the hours, the delivery's
 * fee, minimum and postal codes.
 */
const ZONE = zoneWhereItIsDaytime();
let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let staff: TestUser;
let dish: { id: string; cents: number };

const address = { line1: '12 Orchard Lane', city: 'Greenville', postalCode: 'GV1 2AB' };
const delivery = { type: 'delivery' as const, address, phone: '+1 555 0100' };
const everyDay = (ranges: Array<{ open: string; close: string }>) => Object.fromEntries(WEEKDAYS.map((day) => [day, ranges])) as RestaurantSettings['hours'];

function putSettings(user: TestUser | undefined, body: unknown) {
  return t.app.inject({ method: 'PUT', url: '/api/settings', headers: user?.headers, payload: body as object });
}
async function save(changes: Partial<RestaurantSettings>): Promise<RestaurantSettings> {
  const res = await putSettings(admin, { ...defaultSettings(ZONE), ...changes });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RestaurantSettings>();
}
async function intentsOfCustomer(): Promise<number> {
  return (await t.database.db.selectFrom('payment_intents').select('id').where('user_id', '=', customer.id).execute()).length;
}

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { SHOP_TIME_ZONE: ZONE } });
  admin = await signUpUser(t.app, { admin: true, name: 'Ada Admin' });
  customer = await signUpUser(t.app, { name: 'Cora Customer' });
  staff = await signUpUser(t.app, { name: 'Stella Staff' });
  await makeStaff(t.app, staff);
  dish = (await menuItemIds(t.app, 1))[0]!;
});
afterAll(async () => t.close());
beforeEach(async () => {
  await save({});
  await t.database.db.deleteFrom('cart_items').execute();
  await fillCart(t.app, customer, [dish.id]);
});

describe('GET and PUT /api/settings', () => {
  it('answers a fresh shop’s settings to anyone: open all day, every way, no fee, the SHOP_TIME_ZONE', async () => {
    await t.database.db.deleteFrom('restaurant_settings').execute();
    await t.app.settings.reload();
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(defaultSettings(ZONE));
  });

  it('saves for administrators only: 401 for a visitor, 403 for a customer and for staff, nothing changed', async () => {
    const paused = { ...defaultSettings(ZONE), ordersPaused: true, pauseMessage: 'Closed by a stranger' };
    expect((await putSettings(undefined, paused)).statusCode).toBe(401);
    expect((await putSettings(customer, paused)).statusCode).toBe(403);
    expect((await putSettings(staff, paused)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json<RestaurantSettings>().ordersPaused).toBe(false);

    const saved = await save({ name: 'Raw Roots Mitte', phone: '+49 30 1234567', deliveryFee: 2.5, hours: everyDay([{ open: '11:00', close: '15:00' }, { open: '17:30', close: '22:00' }]) });
    expect(saved.name).toBe('Raw Roots Mitte');
    const read = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json<RestaurantSettings>();
    expect(read).toEqual(saved);
    expect(read.deliveryFee).toBe(2.5);
    // Kept in cents inside.
    const row = await t.database.db.selectFrom('restaurant_settings').select('settings').executeTakeFirstOrThrow();
    expect(JSON.parse(row.settings)).toMatchObject({ deliveryFeeCents: 250 });
  });

  it('refuses bad settings with the field’s message, and keeps the old ones', async () => {
    const bad = { ...defaultSettings(ZONE), hours: { ...everyDay([]), monday: [{ open: '15:00', close: '11:00' }] }, ordersPaused: true, pauseMessage: '' };
    const res = await putSettings(admin, bad);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors).toMatchObject({
      'hours.monday.0.close': ['The closing time must come after the opening time'],
      pauseMessage: ['Tell customers why orders are paused'],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json()).toEqual(defaultSettings(ZONE));
  });

  // Issue 43, point 4: the delivery's ride, a setting of its own.
  it('keeps the delivery time (deliveryMinutes), refuses a bad one, and reads a row saved without it as 20', async () => {
    expect((await save({ deliveryMinutes: 35 })).deliveryMinutes).toBe(35);
    for (const deliveryMinutes of [-1, 12.5, 181, '20']) {
      const res = await putSettings(admin, { ...defaultSettings(ZONE), deliveryMinutes });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.deliveryMinutes).toEqual(['The delivery time is a whole number of minutes from 0 to 180']);
    }
    const { deliveryMinutes: _left, ...old } = defaultSettings(ZONE);
    const missing = await putSettings(admin, old);
    expect(missing.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json<RestaurantSettings>().deliveryMinutes).toBe(35);
    // A row stored by the version before the setting: read with the default.
    const stored = JSON.parse((await t.database.db.selectFrom('restaurant_settings').select('settings').executeTakeFirstOrThrow()).settings) as Record<string, unknown>;
    delete stored.deliveryMinutes;
    await t.database.db.updateTable('restaurant_settings').set({ settings: JSON.stringify(stored) }).execute();
    await t.app.settings.reload();
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json<RestaurantSettings>().deliveryMinutes).toBe(20);
  });

  it("keeps the restaurant's social pages, https addresses on each network's own site only, and refuses any other", async () => {
    const socialLinks = { facebook: 'https://www.facebook.com/rawroots', instagram: '', youtube: 'https://youtube.com/@rawroots' };
    expect((await save({ socialLinks })).socialLinks).toEqual(socialLinks);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json<RestaurantSettings>().socialLinks).toEqual(socialLinks);

    // A script, plain http, another site under the network's name, credentials in the address.
    const refused = ['javascript:alert(1)', 'http://www.facebook.com/rawroots', 'https://facebook.com.evil.example/', 'https://evil.example/facebook.com', 'https://user:pw@facebook.com/', '#facebook'];
    for (const facebook of refused) {
      const res = await putSettings(admin, { ...defaultSettings(ZONE), socialLinks: { ...socialLinks, facebook } });
      expect(res.statusCode, facebook).toBe(400);
      expect(res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors['socialLinks.facebook']![0]).toMatch(/^Enter the restaurant's Facebook address, starting with https:\/\//);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json<RestaurantSettings>().socialLinks).toEqual(socialLinks);
  });

  it('gives the restaurant its time zone over SHOP_TIME_ZONE', async () => {
    await save({ timeZone: 'Pacific/Chatham' });
    const slots = await t.app.inject({ method: 'GET', url: '/api/orders/pickup-slots' });
    expect(slots.json<{ timeZone: string }>().timeZone).toBe('Pacific/Chatham');
  });
});

describe('another process of the shop', () => {
  const settingsOf = async (app: TestApp['app']) => (await app.inject({ method: 'GET', url: '/api/settings' })).json<RestaurantSettings>();

  it('reads the saved settings when it starts', async () => {
    await save({ ordersPaused: true, pauseMessage: 'Saved before the start' });
    const second = await openSecondApp(t, { SHOP_TIME_ZONE: 'UTC' });
    try {
      expect(await settingsOf(second.app)).toMatchObject({ ordersPaused: true, pauseMessage: 'Saved before the start', timeZone: ZONE });
      const refused = await createIntent(second.app, customer, { price: 1 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toBe('Saved before the start');
    } finally {
      await second.close();
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('hears of a save in another process through the event bus (PostgreSQL)', async () => {
    const second = await openSecondApp(t);
    try {
      expect((await settingsOf(second.app)).ordersPaused).toBe(false);
      await save({ ordersPaused: true, pauseMessage: 'Saved by the other process' });
      await expect.poll(async () => (await settingsOf(second.app)).pauseMessage, { timeout: 5000 }).toBe('Saved by the other process');
      expect((await createIntent(second.app, customer, { price: 1 })).statusCode).toBe(409);
    } finally {
      await second.close();
    }
  });
});

describe('payment while closed or paused', () => {
  it('is refused while closed, saying when the restaurant opens, and nothing is opened', async () => {
    const today = localDate(new Date(), ZONE);
    const tomorrow = nextDate(today);
    const opens = nextDate(tomorrow);
    await save({ hours: everyDay([{ open: '11:00', close: '15:00' }]), closedDays: [today, tomorrow] });
    const weekday = new Date(`${opens}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
    const before = await intentsOfCustomer();

    const res = await createIntent(t.app, customer, { price: 1, fulfilment: { type: 'table', table: '4' } });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(`We open on ${weekday} at 11:00`);
    expect(await intentsOfCustomer()).toBe(before);
  });

  it('is refused while orders are paused, with the pause’s message, also for a payment page opened before', async () => {
    const open = await createIntent(t.app, customer, { price: 1 });
    expect(open.statusCode, open.body).toBe(200);
    await save({ ordersPaused: true, pauseMessage: 'The kitchen is full: back in 20 minutes' });

    const again = await createIntent(t.app, customer, { price: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('The kitchen is full: back in 20 minutes');
    // The page opened before the pause cannot be charged.
    const confirmed = await confirmSandbox(t.app, customer, open.json<CreateIntentAnswer>());
    expect(confirmed.statusCode).toBe(409);
    expect((confirmed.body as unknown as { message: string }).message).toBe('The kitchen is full: back in 20 minutes');
    const intent = await t.database.db.selectFrom('payment_intents').select('status').where('id', '=', open.json<CreateIntentAnswer>().intentId).executeTakeFirstOrThrow();
    expect(intent.status).not.toBe('succeeded');

    await save({ ordersPaused: false });
    expect((await createIntent(t.app, customer, { price: 1 })).statusCode).toBe(200);
  });
});

describe('ways of fulfilment', () => {
  it('refuses one that is not offered (409) and takes the others', async () => {
    await save({ fulfilments: { table: true, pickup: true, delivery: false } });
    const before = await intentsOfCustomer();
    const res = await createIntent(t.app, customer, { price: 1, fulfilment: delivery });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe('Delivery is not offered at the moment: choose eat here or pickup');
    expect(await intentsOfCustomer()).toBe(before);
    expect((await createIntent(t.app, customer, { price: 1, fulfilment: { type: 'table', table: '4' } })).statusCode).toBe(200);
  });

  it('offers and takes pickup times only within the hours', async () => {
    // It is daytime in ZONE (06:00–18:00), so 19:15 today is still to come, and falls in the break.
    await save({ hours: everyDay([{ open: '00:00', close: '19:00' }, { open: '20:00', close: '24:00' }]) });
    const today = localDate(new Date(), ZONE);
    const inBreak = zonedInstant(today, 19 * 60 + 15, ZONE).toISOString();
    const afterBreak = zonedInstant(today, 20 * 60, ZONE).toISOString();

    const slots = (await t.app.inject({ method: 'GET', url: '/api/orders/pickup-slots' })).json<{ slots: string[] }>().slots;
    expect(slots).not.toContain(inBreak);
    expect(slots).toContain(afterBreak);

    const refused = await createIntent(t.app, customer, { price: 1, fulfilment: { type: 'pickup', pickupAt: inBreak } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors['fulfilment.pickupAt']?.[0]).toMatch(/^We are closed at 19:15/);
    expect((await createIntent(t.app, customer, { price: 1, fulfilment: { type: 'pickup', pickupAt: afterBreak } })).statusCode).toBe(200);
  });
});

describe('delivery', () => {
  it('adds the fee to the amount charged, and the order and its receipt keep it', async () => {
    await save({ deliveryFee: 3.5 });
    const pickup = await createIntent(t.app, customer, { price: 1, fulfilment: { type: 'pickup' } });
    expect(pickup.json<CreateIntentAnswer>().amount).toBe(dish.cents / 100);

    // A price sent by the browser is never what is charged.
    const res = await createIntent(t.app, customer, { price: 0.01, fulfilment: delivery });
    expect(res.statusCode, res.body).toBe(200);
    const intent = res.json<CreateIntentAnswer>();
    expect(intent.amount).toBe((dish.cents + 350) / 100);
    expect(intent.deliveryFee).toBe(3.5);

    expect((await confirmSandbox(t.app, customer, intent)).statusCode).toBe(200);
    const paid = await postPayment(t.app, customer, intent.intentId);
    expect(paid.statusCode, paid.body).toBe(200);
    const order = paid.json<PaymentAnswer & { order: Order }>().order;
    expect(order.total).toBe((dish.cents + 350) / 100);
    expect(order.deliveryFee).toBe(3.5);
    expect(paid.json<PaymentAnswer>().payment.price).toBe((dish.cents + 350) / 100);
    const read = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: customer.headers });
    expect(read.json<Order>().deliveryFee).toBe(3.5);
  });

  it('opens a new intent when the fee changes, so the amount is always today’s fee', async () => {
    await save({ deliveryFee: 1 });
    const first = (await createIntent(t.app, customer, { price: 1, fulfilment: delivery })).json<CreateIntentAnswer>();
    await save({ deliveryFee: 2 });
    const second = (await createIntent(t.app, customer, { price: 1, fulfilment: delivery })).json<CreateIntentAnswer>();
    expect(second.intentId).not.toBe(first.intentId);
    expect(second.amount).toBe((dish.cents + 200) / 100);
  });

  it('refuses an order under the minimum (409) and a postal code outside the area (400 at the field)', async () => {
    await save({ minimumOrder: (dish.cents + 100) / 100, postalCodes: ['10115', 'GV1*'] });
    const under = await createIntent(t.app, customer, { price: 1, fulfilment: delivery });
    expect(under.statusCode).toBe(409);
    expect(under.json<{ message: string }>().message).toBe(`The minimum order for delivery is $${((dish.cents + 100) / 100).toFixed(2)}: add $1.00 more`);
    // The minimum is the delivery's: a pickup of the same cart is taken.
    expect((await createIntent(t.app, customer, { price: 1, fulfilment: { type: 'pickup' } })).statusCode).toBe(200);

    await save({ postalCodes: ['10115'] });
    const before = await intentsOfCustomer();
    const outside = await createIntent(t.app, customer, { price: 1, fulfilment: delivery });
    expect(outside.statusCode).toBe(400);
    expect(outside.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors).toEqual({ 'fulfilment.address.postalCode': ['We do not deliver to GV1 2AB'] });
    expect(await intentsOfCustomer()).toBe(before);
    const inside = await createIntent(t.app, customer, { price: 1, fulfilment: { ...delivery, address: { ...address, postalCode: '10115' } } });
    expect(inside.statusCode, inside.body).toBe(200);
  });
});
