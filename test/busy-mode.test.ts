import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../src/shared/orders.ts';
import { BUSY_TEXTS, defaultSettings, type RestaurantSettings } from '../src/shared/restaurant-settings.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { mailEnv, startMailServer, type MailServer } from './helpers/mail-server.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { getOrder, makeStaff, moveOrder, orderState, placeOrder } from './order-helpers.ts';
import { createIntent, fillCart, menuItemIds } from './payment-helpers.ts';

/**
 * Busy mode (docs/product.md §20): staff and administrators pause new orders for some minutes or
 * until resumed (a customer may not), add minutes to every quoted time, push one accepted order's
 * ready time back (live, and mailed), and let new orders be accepted on payment.
 */
let mail: MailServer;
let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let customer: TestUser;
const HIGH = { RATE_LIMIT_SIGN_IN: '10000', RATE_LIMIT_SIGN_UP: '10000', RATE_LIMIT_CAPTCHA: '10000', RATE_LIMIT_TOKEN: '10000' };
const MINUTE = 60_000;

function busy(user: TestUser | undefined, body: unknown) {
  return t.app.inject({ method: 'PATCH', url: '/api/staff/busy', headers: user?.headers, payload: body as object });
}
function delay(user: TestUser | undefined, orderId: string, body: unknown) {
  return t.app.inject({ method: 'POST', url: `/api/staff/orders/${orderId}/delay`, headers: user?.headers, payload: body as object });
}
async function settingsNow(): Promise<RestaurantSettings> {
  return (await t.app.inject({ method: 'GET', url: '/api/settings' })).json<RestaurantSettings>();
}
async function storedSettings(): Promise<string | undefined> {
  return (await t.database.db.selectFrom('restaurant_settings').select('settings').executeTakeFirst())?.settings;
}
/** Whether the customer can open a payment now (a pause refuses it with a 409 and its message). */
async function canPay(): Promise<{ status: number; message?: string }> {
  await t.database.db.deleteFrom('cart_items').where('user_id', '=', customer.id).execute();
  await fillCart(t.app, customer, [(await menuItemIds(t.app, 1))[0]!.id]);
  const res = await createIntent(t.app, customer, { price: 1 });
  return { status: res.statusCode, message: res.statusCode === 200 ? undefined : res.json<{ message: string }>().message };
}
/** A customer whose sign-up mail has arrived, so their next mails are the order's. */
async function freshCustomer(): Promise<TestUser> {
  const user = await signUpUser(t.app, { name: 'Fern Fresh' });
  await mail.waitFor(user.email);
  return user;
}
function minutesBetween(later: string, earlier: number): number {
  return Math.round((Date.parse(later) - earlier) / MINUTE);
}

beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ seed: true, env: mailEnv(mail, { ...HIGH, SHOP_TIME_ZONE: 'UTC', PUBLIC_URL: 'https://shop.example.test' }) });
  admin = await signUpUser(t.app, { admin: true, name: 'Ada Admin' });
  staff = await signUpUser(t.app, { name: 'Stella Staff' });
  await makeStaff(t.app, staff);
  customer = await signUpUser(t.app, { name: 'Cora Customer' });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});
beforeEach(async () => {
  const res = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: defaultSettings('UTC') });
  expect(res.statusCode, res.body).toBe(200);
});

describe('PATCH /api/staff/busy', () => {
  it('refuses a visitor (401) and a customer (403), and changes nothing', async () => {
    const before = await storedSettings();
    expect((await busy(undefined, { pause: 30 })).statusCode).toBe(401);
    expect((await busy(customer, { pause: 30 })).statusCode).toBe(403);
    expect((await busy(customer, { extraMinutes: 20, autoAccept: true })).statusCode).toBe(403);
    expect(await storedSettings()).toBe(before);
    expect((await canPay()).status).toBe(200);
  });

  it('refuses bad input with a clear message, and changes nothing', async () => {
    const before = await storedSettings();
    for (const [body, field, message] of [
      [{ pause: 45 }, 'pause', BUSY_TEXTS.pause],
      [{ extraMinutes: 15 }, 'extraMinutes', BUSY_TEXTS.extraMinutes],
      [{ autoAccept: 'yes' }, 'autoAccept', 'autoAccept is true or false'],
      [{}, '', BUSY_TEXTS.nothing],
    ] as const) {
      const res = await busy(staff, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(body)).toContain(message);
      if (field) expect(res.json<{ fieldErrors?: Record<string, string[]> }>().fieldErrors?.[field]).toBeDefined();
    }
    expect((await busy(staff, { pause: 30, name: 'Taken over' })).statusCode).toBe(400);
    expect(await storedSettings()).toBe(before);
  });

  it('staff pause orders for 15 minutes; payments are refused with the message; the pause ends by itself', async () => {
    const start = Date.now();
    const res = await busy(staff, { pause: 15 });
    expect(res.statusCode, res.body).toBe(200);
    const paused = res.json<RestaurantSettings>();
    expect(paused.ordersPaused).toBe(true);
    expect(paused.pauseMessage).toBe(BUSY_TEXTS.defaultPauseMessage);
    expect(minutesBetween(paused.pausedUntil!, start)).toBe(15);
    expect(await canPay()).toEqual({ status: 409, message: BUSY_TEXTS.defaultPauseMessage });

    // The clock passes the pause's end: no write, no timer, and orders are taken again.
    const later = new Date(Date.parse(paused.pausedUntil!) + 1000);
    expect(t.app.settings.current(later)).toMatchObject({ ordersPaused: false, pausedUntil: null });
    expect(t.app.settings.current(new Date(Date.parse(paused.pausedUntil!) - 1000)).ordersPaused).toBe(true);
    await t.database.db
      .updateTable('restaurant_settings')
      .set({ settings: (await storedSettings())!.replace(paused.pausedUntil!, new Date(Date.now() - 1000).toISOString()) })
      .execute();
    await t.app.settings.reload();
    expect(await settingsNow()).toMatchObject({ ordersPaused: false, pausedUntil: null });
    expect((await canPay()).status).toBe(200);
  });

  it('an administrator pauses until resumed with their own message, and resumes', async () => {
    const res = await busy(admin, { pause: 'untilResumed', pauseMessage: 'Back at seven' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RestaurantSettings>()).toMatchObject({ ordersPaused: true, pausedUntil: null, pauseMessage: 'Back at seven' });
    expect(await canPay()).toEqual({ status: 409, message: 'Back at seven' });
    expect((await busy(staff, { pause: 'resume' })).json<RestaurantSettings>()).toMatchObject({ ordersPaused: false, pausedUntil: null });
    expect((await canPay()).status).toBe(200);
  });

  it('keeps the administrator’s other settings', async () => {
    await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: { ...defaultSettings('UTC'), name: 'Raw Roots Mitte', deliveryFee: 2.5 } });
    const res = await busy(staff, { extraMinutes: 20 });
    expect(res.json<RestaurantSettings>()).toMatchObject({ name: 'Raw Roots Mitte', deliveryFee: 2.5, extraMinutes: 20 });
  });
});

describe('quoted times', () => {
  it('adds the extra minutes to the ready time staff quote', async () => {
    expect((await busy(staff, { extraMinutes: 30 })).statusCode).toBe(200);
    const { order } = await placeOrder(t.app, customer, { fulfilment: { type: 'pickup' } });
    const start = Date.now();
    const res = await moveOrder(t.app, staff, order._id, { status: 'accepted', readyInMinutes: 20 });
    expect(res.statusCode, res.body).toBe(200);
    expect(minutesBetween(res.json<Order>().readyBy!, start)).toBe(50);
  });

  it('without busy mode the quote is as typed', async () => {
    const { order } = await placeOrder(t.app, customer, { fulfilment: { type: 'pickup' } });
    const start = Date.now();
    const res = await moveOrder(t.app, staff, order._id, { status: 'accepted', readyInMinutes: 20 });
    expect(minutesBetween(res.json<Order>().readyBy!, start)).toBe(20);
  });
});

describe('auto-accept', () => {
  it('accepts a new order on payment with the preparation time plus the extra minutes, and mails it', async () => {
    await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: { ...defaultSettings('UTC'), preparationMinutes: 25 } });
    expect((await busy(staff, { autoAccept: true, extraMinutes: 10 })).statusCode).toBe(200);
    const buyer = await freshCustomer();
    const start = Date.now();
    const { order } = await placeOrder(t.app, buyer, { fulfilment: { type: 'pickup' } });
    expect(order.status).toBe('accepted');
    expect(minutesBetween(order.readyBy!, start)).toBe(35);
    const read = (await getOrder(t.app, staff, order._id)).json<Order>();
    expect(read.timeline.map((e) => e.status)).toEqual(['placed', 'accepted']);
    expect(read.timeline[1]!.by).toBeUndefined();
    // The receipt and the accepted mail with its time, in whichever order the queue sent them.
    await mail.waitFor(buyer.email, 3);
    const subjects = mail.to(buyer.email).map((m) => m.subject ?? '');
    expect(subjects).toContain(`Your receipt for order #${order.number}`);
    expect(subjects.filter((subject) => new RegExp(`^Order #${order.number} accepted: ready by \\d\\d:\\d\\d$`).test(subject))).toHaveLength(1);
  });

  it('is off by default: a new order waits for staff', async () => {
    const { order } = await placeOrder(t.app, customer, { fulfilment: { type: 'pickup' } });
    expect(order.status).toBe('placed');
    expect(order.readyBy).toBeNull();
  });

  it('a payment refused while paused makes no order, auto-accept or not', async () => {
    await busy(staff, { autoAccept: true, pause: 30 });
    await t.database.db.deleteFrom('cart_items').where('user_id', '=', customer.id).execute();
    await fillCart(t.app, customer, [(await menuItemIds(t.app, 1))[0]!.id]);
    const before = (await t.database.db.selectFrom('orders').select('id').execute()).length;
    expect((await createIntent(t.app, customer, { price: 1 })).statusCode).toBe(409);
    expect((await t.database.db.selectFrom('orders').select('id').execute()).length).toBe(before);
  });
});

describe('POST /api/staff/orders/:id/delay', () => {
  it('pushes the ready time back: the answer, the order change on the event bus, and a mail with the new time', async () => {
    const buyer = await freshCustomer();
    const { order } = await placeOrder(t.app, buyer, { fulfilment: { type: 'pickup' } });
    const accepted = (await moveOrder(t.app, staff, order._id, { status: 'accepted', readyInMinutes: 20 })).json<Order>();
    await mail.waitFor(buyer.email, 3);

    // The board's kept answer is read once before, so the push back must renew it.
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/orders', headers: staff.headers })).statusCode).toBe(200);
    const heard: Array<{ orderId: string; eventId: number }> = [];
    const stop = t.app.events.subscribe('order.changed', (change) => void heard.push(change));
    const res = await delay(staff, order._id, { minutes: 15 });
    expect(res.statusCode, res.body).toBe(200);
    const delayed = res.json<Order>();
    expect(Date.parse(delayed.readyBy!) - Date.parse(accepted.readyBy!)).toBe(15 * MINUTE);
    expect(delayed.status).toBe('accepted');
    // On PostgreSQL the change comes back through LISTEN/NOTIFY, a moment after the answer.
    await expect.poll(() => heard.map((c) => c.orderId)).toEqual([order._id]);
    stop();
    // The customer's own read (and so their live page) has the new time.
    expect((await getOrder(t.app, buyer, order._id)).json<Order>().readyBy).toBe(delayed.readyBy);
    const board = (await t.app.inject({ method: 'GET', url: '/api/staff/orders', headers: staff.headers })).json<Order[]>();
    expect(board.find((o) => o._id === order._id)?.readyBy).toBe(delayed.readyBy);

    const news = await mail.waitFor(buyer.email, 4);
    const clock = new Date(delayed.readyBy!).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
    expect(news.subject).toBe(`Order #${order.number}: now ready by ${clock}`);
    expect(news.text).toContain(`will be ready by ${clock}`);
  });

  it('refuses a visitor, a customer, a bad number of minutes, and an order not accepted; nothing changes', async () => {
    const { order } = await placeOrder(t.app, customer, { fulfilment: { type: 'pickup' } });
    const placedState = await orderState(t.app, order._id);
    const conflict = await delay(staff, order._id, { minutes: 10 });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json<{ message: string }>().message).toBe(BUSY_TEXTS.notDelayable);
    expect(await orderState(t.app, order._id)).toBe(placedState);

    await moveOrder(t.app, staff, order._id, { status: 'accepted', readyInMinutes: 20 });
    const state = await orderState(t.app, order._id);
    expect((await delay(undefined, order._id, { minutes: 10 })).statusCode).toBe(401);
    expect((await delay(customer, order._id, { minutes: 10 })).statusCode).toBe(403);
    const bad = await delay(staff, order._id, { minutes: 7 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(BUSY_TEXTS.delay);
    expect((await delay(staff, 'no-such-order', { minutes: 10 })).statusCode).toBe(404);
    expect(await orderState(t.app, order._id)).toBe(state);
    // An administrator may.
    expect((await delay(admin, order._id, { minutes: 5 })).statusCode).toBe(200);
  });
});
