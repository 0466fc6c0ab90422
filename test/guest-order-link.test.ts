import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, type EventStream, type SseFrame } from '../bench/lib/event-stream.ts';
import type { Order } from '../src/shared/orders.ts';
import type { CreateIntentAnswer, PaymentAnswer } from '../src/shared/payments.ts';
import type { RestaurantTable } from '../src/shared/tables.ts';
import { sessionCookie, signUpUser, type TestUser } from './helpers/auth.ts';
import { mailEnv, startMailServer, type MailServer } from './helpers/mail-server.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { makeStaff, moveOrder, zoneWhereItIsDaytime } from './order-helpers.ts';
import { confirmSandbox, createIntent, fillCart, menuItemIds, postPayment } from './payment-helpers.ts';

/**
 * A guest's order page through its signed link, `/o/<order id>.<signature>` (decision 0047), on a
 * real socket and a real database: shown after paying and in the receipt mail (when the guest gave
 * an e-mail), read and followed live without a session; a forged link, another order's id under
 * this signature, and another guest's reads are 404s, on the API and on the stream.
 */
let mail: MailServer;
let t: TestApp;
let base: string;
let staff: TestUser;
let table: RestaurantTable;
let dish: { id: string; cents: number };
const open: EventStream[] = [];

const tokenOf = (link: RestaurantTable) => decodeURIComponent(link.path.replace(/^\/t\//, ''));
const linkToken = (order: Order) => decodeURIComponent(order.link!.replace(/^\/o\//, ''));
const orderOf = (frame: SseFrame) => JSON.parse(frame.data) as Order;

async function beginGuest(payload: { name: string; email?: string }): Promise<TestUser> {
  const res = await t.app.inject({ method: 'POST', url: `/api/tables/${encodeURIComponent(tokenOf(table))}/guest`, payload });
  expect(res.statusCode, res.body).toBe(200);
  const { user } = res.json<{ user: { id: string; email: string } }>();
  const cookie = sessionCookie(res);
  return { id: user.id, name: payload.name, email: user.email, password: '', cookie, headers: { cookie } } as unknown as TestUser;
}

/** A guest's paid order at the table, as POST /api/payment answers it. */
async function guestOrder(guest: TestUser): Promise<Order> {
  await fillCart(t.app, guest, [dish.id]);
  const intent = (await createIntent(t.app, guest, { tableToken: tokenOf(table) })).json<CreateIntentAnswer>();
  expect((await confirmSandbox(t.app, guest, intent)).statusCode).toBe(200);
  const paid = await postPayment(t.app, guest, intent.intentId);
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json<PaymentAnswer>().order!;
}

const byLink = (token: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/orders/by-link/${encodeURIComponent(token)}`, headers });
async function stream(path: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const opened = await openEventStream(`${base}${path}`, headers);
  open.push(opened);
  return opened;
}

beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ seed: true, env: mailEnv(mail, { SHOP_TIME_ZONE: zoneWhereItIsDaytime(), PUBLIC_URL: 'https://shop.example.test', SSE_HEARTBEAT_MS: '150' }) });
  staff = await signUpUser(t.app, { name: 'Stella Staff' });
  await makeStaff(t.app, staff);
  table = await t.app.tables.add({ name: '7', area: 'Terrace' });
  dish = (await menuItemIds(t.app, 1))[0]!;
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
  await mail.close();
});

describe("a guest's order through its signed link", () => {
  it('is answered after paying and in the receipt mailed to the e-mail given at the table, and opens without a session', async () => {
    const guest = await beginGuest({ name: 'Gina', email: 'Gina@Example.test' });
    const order = await guestOrder(guest);
    expect(order.link).toMatch(/^\/o\/[0-9a-f-]{36}\.[\w-]{22}$/);
    // The guest's own read names the same link; a customer's never has one.
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: guest.headers })).json<Order>().link).toBe(order.link);

    const receipt = await mail.waitFor('gina@example.test');
    expect(receipt.subject).toBe(`Your receipt for order #${order.number}`);
    expect(receipt.text).toContain(`https://shop.example.test${order.link}`);
    expect(receipt.text).not.toContain('/dashboard/my/orders');
    // Nothing goes to the anonymous plugin's placeholder address.
    expect(mail.to(guest.email)).toEqual([]);

    const read = await byLink(linkToken(order));
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(read.json<Order>()).toMatchObject({ _id: order._id, number: order.number, status: 'placed', link: order.link, fulfilment: { type: 'table', table: '7 · Terrace' } });
  });

  it('mails nothing for a guest who gave no e-mail, and refuses a malformed one at the table', async () => {
    const bad = await t.app.inject({ method: 'POST', url: `/api/tables/${encodeURIComponent(tokenOf(table))}/guest`, payload: { name: 'Hal', email: 'not-an-address' } });
    expect(bad.statusCode).toBe(400);
    const guest = await beginGuest({ name: 'Hal' });
    const order = await guestOrder(guest);
    expect(order.link).toBeDefined();
    const row = await t.database.db.selectFrom('mail_queue').select('id').where('user_id', '=', guest.id).execute();
    expect(row).toEqual([]);
  });

  it('answers 404 to a forged signature, to another order under this signature, and to another guest', async () => {
    const ann = await beginGuest({ name: 'Ann' });
    const bob = await beginGuest({ name: 'Bob' });
    const annOrder = await guestOrder(ann);
    const bobOrder = await guestOrder(bob);
    const [annId, annSignature] = linkToken(annOrder).split('.') as [string, string];
    const forged = `${annId}.${annSignature.slice(0, -1)}${annSignature.endsWith('A') ? 'B' : 'A'}`;
    const swapped = `${bobOrder._id}.${annSignature}`;
    for (const token of [forged, swapped, annId, `${annId}.`, 'x'.repeat(100)]) {
      const res = await byLink(token, ann.headers);
      expect(res.statusCode, token).toBe(404);
      expect(res.body).not.toContain(bobOrder._id);
      const refused = await stream(`/api/orders/by-link/${encodeURIComponent(token)}/events`);
      expect(refused.status, token).toBe(404);
      await refused.ended;
    }
    // Bob, signed in as a guest, cannot read Ann's order by its id either.
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${annOrder._id}`, headers: bob.headers })).statusCode).toBe(404);
    expect(t.app.orderHub.connected).toBe(0);
  });

  it("follows the order live through its link, and only that order; another guest's stream never gets it", async () => {
    const ann = await beginGuest({ name: 'Ann' });
    const bob = await beginGuest({ name: 'Bob' });
    const annOrder = await guestOrder(ann);
    const bobOrder = await guestOrder(bob);

    const viaLink = await stream(`/api/orders/by-link/${encodeURIComponent(linkToken(annOrder))}/events`); // no cookie
    const bobs = await stream('/api/orders/events', { cookie: bob.cookie });
    expect([viaLink.status, bobs.status]).toEqual([200, 200]);
    await expect.poll(() => t.app.orderHub.connected).toBe(2);

    expect((await moveOrder(t.app, staff, bobOrder._id, { status: 'accepted', readyInMinutes: 10 })).statusCode).toBe(200);
    expect((await moveOrder(t.app, staff, annOrder._id, { status: 'accepted', readyInMinutes: 15 })).statusCode).toBe(200);
    const accepted = await viaLink.waitFor((f) => f.event === 'order' && orderOf(f).status === 'accepted');
    expect(orderOf(accepted)._id).toBe(annOrder._id);
    await bobs.waitFor((f) => f.event === 'order' && orderOf(f)._id === bobOrder._id);
    expect(JSON.stringify(viaLink.frames)).not.toContain('Stella Staff');

    // Both moves have been fanned out: the link's stream had only Ann's, Bob's stream only his.
    expect((await moveOrder(t.app, staff, annOrder._id, { status: 'preparing' })).statusCode).toBe(200);
    await viaLink.waitFor((f) => f.event === 'order' && orderOf(f).status === 'preparing');
    await expect.poll(() => viaLink.frames.length).toBeGreaterThan(0);
    expect(viaLink.frames.filter((f) => f.event === 'order').every((f) => orderOf(f)._id === annOrder._id)).toBe(true);
    expect(bobs.frames.filter((f) => f.event === 'order').some((f) => orderOf(f)._id === annOrder._id)).toBe(false);

    // Resuming after its last id: the change missed meanwhile, of this order only.
    const last = Number(viaLink.frames.at(-1)!.id);
    viaLink.close();
    expect((await moveOrder(t.app, staff, bobOrder._id, { status: 'preparing' })).statusCode).toBe(200);
    expect((await moveOrder(t.app, staff, annOrder._id, { status: 'ready' })).statusCode).toBe(200);
    const resumed = await stream(`/api/orders/by-link/${encodeURIComponent(linkToken(annOrder))}/events`, { 'last-event-id': String(last) });
    const ready = await resumed.waitFor((f) => f.event === 'order');
    expect(orderOf(ready)).toMatchObject({ _id: annOrder._id, status: 'ready' });
    expect(resumed.frames.filter((f) => f.event === 'order')).toHaveLength(1);
  });
});

describe('"Create an account" on the order page', () => {
  const signUp = (headers: Record<string, string>, email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers, remoteAddress: '203.0.113.9', payload: { name: 'Kim Keeps', email, password: 'sprouted lentils at noon 7' } });

  it("moves the guest's orders and payments to the new account, then the guest is gone; the link still opens the order", async () => {
    const guest = await beginGuest({ name: 'Kim' });
    const order = await guestOrder(guest);
    const email = `kim-${Date.now()}@example.test`;
    const res = await signUp({ cookie: guest.cookie }, email);
    expect(res.statusCode, res.body).toBe(200);
    const account = res.json<{ user: { id: string } }>().user;
    const cookie = sessionCookie(res);

    const mine = await t.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie } });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<{ orders: Order[] }>().orders.map((o) => o._id)).toEqual([order._id]);
    expect(mine.json<{ orders: Order[] }>().orders[0]!.customer.email).toBe(email);
    const payments = await t.app.inject({ method: 'GET', url: '/api/payments', headers: { cookie } });
    expect(payments.json<Array<{ transactionId: string; email: string }>>()).toEqual([expect.objectContaining({ transactionId: order.transactionId, email })]);

    expect(await t.database.db.selectFrom('users').select('id').where('id', '=', guest.id).executeTakeFirst()).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: { cookie: guest.cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: { cookie } })).statusCode).toBe(200);
    expect((await byLink(linkToken(order))).statusCode).toBe(200);
    expect(account.id).not.toBe(guest.id);
  });

  it("moves nothing on a sign-up without a guest's session, and a customer's session never takes another's orders", async () => {
    const guest = await beginGuest({ name: 'Lou' });
    const order = await guestOrder(guest);
    const customer = await signUpUser(t.app);
    const plain = await signUp({}, `plain-${Date.now()}@example.test`);
    expect(plain.statusCode, plain.body).toBe(200);
    const second = await signUp({ cookie: customer.cookie }, `second-${Date.now()}@example.test`);
    expect(second.statusCode, second.body).toBe(200);
    for (const cookie of [sessionCookie(plain), sessionCookie(second), customer.cookie]) {
      const list = await t.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie } });
      expect(list.json<{ orders: Order[] }>().orders.map((o) => o._id)).not.toContain(order._id);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: { cookie: guest.cookie } })).statusCode).toBe(200);
  });
});
