import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, testAddress, type TestUser } from './helpers/auth.ts';
import { mailEnv, startMailServer, type MailServer } from './helpers/mail-server.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { makeStaff, moveOrder, openIntentFor, placeOrder } from './order-helpers.ts';
import { confirmSandbox, createIntent, fillCart, menuItemIds, postPayment } from './payment-helpers.ts';

const clockOf = (ms: number) => new Date(ms).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

/** The mail's HTML with its character references read, so a dish named "Grape & Kiwi Cup" is found as written. */
function htmlText(html: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return html.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return named[ref.toLowerCase()] ?? whole;
    return String.fromCodePoint(ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1)));
  });
}

/**
 * The order mails through a real SMTP server: the receipt when the payment makes the order, then
 * accepted (with the ready-by time), ready, cancelled or rejected (reason and refund); each HTML
 * and plain text, one per event however often the event is heard; the status mails can be
 * turned off, the receipt cannot.
 */
let mail: MailServer;
let t: TestApp;
let staff: TestUser;
const HIGH = { RATE_LIMIT_SIGN_IN: '10000', RATE_LIMIT_SIGN_UP: '10000', RATE_LIMIT_CAPTCHA: '10000', RATE_LIMIT_TOKEN: '10000' };

beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ seed: true, env: mailEnv(mail, { ...HIGH, SHOP_TIME_ZONE: 'UTC', PUBLIC_URL: 'https://shop.example.test' }) });
  staff = await signUpUser(t.app, { name: 'Stella Staff' });
  await makeStaff(t.app, staff);
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

/** A customer whose sign-up mail has arrived, so the next mail to them is the order's. */
async function customer(name = 'Cora Customer'): Promise<TestUser> {
  const user = await signUpUser(t.app, { name });
  await mail.waitFor(user.email);
  return user;
}

async function move(orderId: string, body: object) {
  const res = await moveOrder(t.app, staff, orderId, body);
  expect(res.statusCode, res.body).toBe(200);
}

describe('order mails', () => {
  it('a receipt when the payment succeeds: number, lines, total, fulfilment and a link to the order page', async () => {
    const user = await customer();
    const items = await menuItemIds(t.app, 2);
    const { order } = await placeOrder(t.app, user, {
      items: [items[0]!.id, items[0]!.id, items[1]!.id],
      fulfilment: { type: 'delivery', address: { line1: '5 Elm Street', city: 'Springfield', postalCode: '12345' }, phone: '+1 555 0100', note: 'Ring twice' },
    });
    const receipt = await mail.waitFor(user.email, 2);
    expect(receipt.subject).toBe(`Your receipt for order #${order.number}`);
    expect(receipt.from?.text).toContain('shop@example.test');
    for (const part of [receipt.text!, htmlText(receipt.html as string)]) {
      expect(part).toContain(`#${order.number}`);
      expect(part).toContain(`2 × ${items[0]!.name}`);
      expect(part).toContain(`1 × ${items[1]!.name}`);
      expect(part).toContain(`$ ${order.total.toFixed(2)}`);
      expect(part).toContain('Delivery to 5 Elm Street, 12345 Springfield');
      expect(part).toContain(`https://shop.example.test/dashboard/my/orders/${order._id}`);
    }
    expect(receipt.html).toContain('<html');
    expect(receipt.html).toContain('max-width:560px');
  });

  it('a receipt with the taxes per rate and the restaurant’s legal details, when the settings have them', async () => {
    const admin = await signUpUser(t.app, { admin: true, name: 'Ada Admin' });
    const current = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json<Record<string, unknown>>();
    const [dish] = await menuItemIds(t.app, 1);
    const row = await t.database.db.selectFrom('menu_items').select('category').where('id', '=', dish!.id).executeTakeFirstOrThrow();
    const taxed = {
      ...current,
      taxRates: [{ id: 'food', name: 'Food 7 %', percent: 7 }],
      categoryTaxRates: { [row.category]: 'food' },
      legalName: 'Raw Roots GmbH',
      address: '1 Market Square, Springfield',
      taxNumber: 'DE123456789',
    };
    const saved = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: taxed });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const user = await customer();
      const { order } = await placeOrder(t.app, user, { items: [dish!.id] });
      const receipt = await mail.waitFor(user.email, 2);
      const tax = order.taxes!.lines[0]!;
      for (const part of [receipt.text!, htmlText(receipt.html as string)]) {
        expect(part).toContain(`Food 7 % included, on $ ${tax.net.toFixed(2)} net`);
        expect(part).toContain(`$ ${tax.tax.toFixed(2)}`);
        expect(part).toContain('Raw Roots GmbH');
        expect(part).toContain('1 Market Square, Springfield');
        expect(part).toContain('Tax number DE123456789');
      }
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: current });
    }
  });

  it('a receipt with the customer’s tip on its own row, inside the total paid', async () => {
    const admin = await signUpUser(t.app, { admin: true, name: 'Ada Admin' });
    const current = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json<Record<string, unknown>>();
    const saved = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: { ...current, tips: { enabled: true, percents: [10, 15, 20], allowAmount: true, taxRateId: null } } });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const user = await customer();
      const [dish] = await menuItemIds(t.app, 1);
      await fillCart(t.app, user, [dish!.id]);
      const intent = await createIntent(t.app, user, { price: 1, tip: { kind: 'amount', amount: 1.25 } });
      expect(intent.statusCode, intent.body).toBe(200);
      expect((await confirmSandbox(t.app, user, intent.json())).statusCode).toBe(200);
      expect((await postPayment(t.app, user, intent.json<{ intentId: string }>().intentId)).statusCode).toBe(200);
      const receipt = await mail.waitFor(user.email, 2);
      // The HTML's words without its tags, so the row's label and amount read side by side.
      for (const part of [receipt.text!, htmlText((receipt.html as string).replace(/<[^>]+>/g, ' '))]) {
        expect(part).toMatch(/Tip\s+\$ 1\.25/);
        expect(part).toContain(`$ ${((dish!.cents + 125) / 100).toFixed(2)}`);
      }
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: current });
    }
  });

  it('accepted (with the ready-by time), ready, and cancelled with the reason and the refund', async () => {
    const user = await customer();
    const { order } = await placeOrder(t.app, user, { fulfilment: { type: 'pickup' } });
    await mail.waitFor(user.email, 2);

    await move(order._id, { status: 'accepted', readyInMinutes: 20 });
    const accepted = await mail.waitFor(user.email, 3);
    const readyBy = (await t.app.db.selectFrom('orders').select('ready_by').where('id', '=', order._id).executeTakeFirstOrThrow()).ready_by!;
    const clock = new Date(readyBy).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
    expect(accepted.subject).toBe(`Order #${order.number} accepted: ready by ${clock}`);
    expect(accepted.text).toContain(`ready by ${clock}`);

    await move(order._id, { status: 'preparing' });
    await move(order._id, { status: 'ready' });
    const ready = await mail.waitFor(user.email, 4);
    expect(ready.subject).toBe(`Order #${order.number} is ready`);
    expect(ready.text).toContain('pick it up');

    await move(order._id, { status: 'cancelled', reason: 'The juicer broke down' });
    const cancelled = await mail.waitFor(user.email, 5);
    expect(cancelled.subject).toBe(`Order #${order.number} was cancelled`);
    expect(cancelled.text).toContain('The juicer broke down');
    // The mail says the refund as the order has it when the mail is made: on its way, or already done.
    expect(cancelled.text).toMatch(new RegExp(`(refund of|refunded) \\$${order.total.toFixed(2).replace('.', '\\.')}`, 'i'));
    // 'preparing' mails nobody; the refund's own news is not a second cancellation mail.
    await t.app.mail.idle();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.to(user.email)).toHaveLength(5);
  });

  it('rejected: the reason and the refund', async () => {
    const user = await customer();
    const { order } = await placeOrder(t.app, user);
    await mail.waitFor(user.email, 2);
    await move(order._id, { status: 'rejected', reason: 'We are closing early today' });
    const rejected = await mail.waitFor(user.email, 3);
    expect(rejected.subject).toBe(`Order #${order.number} was rejected`);
    expect(rejected.html).toContain('We are closing early today');
  });

  // Issue 43, point 4: a delivery's customer hears when it leaves the kitchen.
  it('on its way, when a delivery leaves with the rider', async () => {
    const user = await customer('Dora Delivery');
    const { order } = await placeOrder(t.app, user, {
      fulfilment: { type: 'delivery', address: { line1: '5 Elm Street', city: 'Springfield', postalCode: '12345' }, phone: '+1 555 0100' },
    });
    await mail.waitFor(user.email, 2);
    await move(order._id, { status: 'accepted', readyInMinutes: 20 });
    // Issue 43, point 4: a delivery arrives around its ready time plus the ride (deliveryMinutes, 20 by default).
    const accepted = await mail.waitFor(user.email, 3);
    const readyBy = (await t.app.db.selectFrom('orders').select('ready_by').where('id', '=', order._id).executeTakeFirstOrThrow()).ready_by!;
    const arrives = clockOf(Date.parse(readyBy) + 20 * 60_000);
    expect(accepted.subject).toBe(`Order #${order.number} accepted: arrives around ${arrives}`);
    expect(accepted.text).toContain(`It arrives around ${arrives}.`);
    expect(accepted.text).not.toMatch(/ready by/i);
    // Pushed back by the kitchen: the new arrival, not the new ready time.
    const pushed = await t.app.inject({ method: 'POST', url: `/api/staff/orders/${order._id}/delay`, headers: staff.headers, payload: { minutes: 10 } });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const delayed = await mail.waitFor(user.email, 4);
    const later = clockOf(Date.parse(readyBy) + 30 * 60_000);
    expect(delayed.subject).toBe(`Order #${order.number}: now arrives around ${later}`);
    expect(delayed.text).toContain(`your order now arrives around ${later}`);
    await move(order._id, { status: 'preparing' });
    await move(order._id, { status: 'ready' });
    await mail.waitFor(user.email, 5);
    await move(order._id, { status: 'out_for_delivery' });
    const onItsWay = await mail.waitFor(user.email, 6);
    const left = (await t.app.db.selectFrom('order_events').select('at').where('order_id', '=', order._id).where('kind', '=', 'status').where('status', '=', 'out_for_delivery').executeTakeFirstOrThrow()).at;
    expect(onItsWay.subject).toBe(`Order #${order.number} is on its way`);
    expect(onItsWay.text).toContain('is on its way to you');
    expect(onItsWay.text).toContain(`It arrives around ${clockOf(Date.parse(left) + 20 * 60_000)}.`);
    expect(onItsWay.text).toContain('5 Elm Street');
    expect(onItsWay.html).toContain(`/dashboard/my/orders/${order._id}`);
  });

  it('status mails off in the profile: only the receipt comes', async () => {
    const user = await customer();
    const off = await t.app.inject({ method: 'PATCH', url: '/api/account/preferences', headers: user.headers, payload: { orderStatusMails: false }, remoteAddress: testAddress() });
    expect(off.json().orderStatusMails).toBe(false);
    const { order } = await placeOrder(t.app, user);
    await mail.waitFor(user.email, 2);
    await move(order._id, { status: 'accepted', readyInMinutes: 10 });
    await move(order._id, { status: 'preparing' });
    await move(order._id, { status: 'ready' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await t.app.mail.idle();
    expect(mail.to(user.email).map((m) => m.subject)).toEqual(['Confirm your e-mail address', `Your receipt for order #${order.number}`]);
  });

  it('one mail per event: the event heard again (a replay, a second process) sends nothing more', async () => {
    const user = await customer();
    const { order } = await placeOrder(t.app, user);
    await mail.waitFor(user.email, 2);
    const event = await t.app.db.selectFrom('order_events').select(['id', 'status']).where('order_id', '=', order._id).executeTakeFirstOrThrow();
    for (let i = 0; i < 3; i++) await t.app.events.publish('order.changed', { eventId: Number(event.id), orderId: order._id, userId: user.id, status: 'placed' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await t.app.mail.idle();
    expect(mail.to(user.email)).toHaveLength(2);
    expect(await t.app.db.selectFrom('mail_queue').select('id').where('dedupe_key', '=', `order-event:${event.id}`).execute()).toHaveLength(1);
  });
  it('the receipt names each line\'s options with what they added (docs/decisions/0023-dish-options.md)', async () => {
    const user = await customer('Olive Options');
    const [item] = await menuItemIds(t.app, 1);
    const groups = [{ id: 'size', name: 'Size', min: 1, max: 1, choices: [{ id: 's', name: 'Small', priceCents: 0 }, { id: 'l', name: 'Large', priceCents: 200 }] }];
    await t.app.db.updateTable('menu_items').set({ options: JSON.stringify(groups) }).where('id', '=', item!.id).execute();
    try {
      const added = await t.app.inject({ method: 'POST', url: '/api/cart', headers: user.headers, payload: { itemId: item!.id, options: { size: ['l'] } } });
      expect(added.statusCode, added.body).toBe(201);
      const intent = await openIntentFor(t.app, user);
      expect((await confirmSandbox(t.app, user, intent)).statusCode).toBe(200);
      expect((await postPayment(t.app, user, intent.intentId)).statusCode).toBe(200);
      const receipt = await mail.waitFor(user.email, 2);
      for (const part of [receipt.text!, htmlText(receipt.html as string)]) {
        expect(part).toContain(`1 × ${item!.name}`);
        expect(part).toContain('Size: Large (+$2.00)');
        expect(part).toContain(`$ ${((item!.cents + 200) / 100).toFixed(2)}`);
      }
    } finally {
      await t.app.db.updateTable('menu_items').set({ options: null }).where('id', '=', item!.id).execute();
    }
  });
});
