import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/server/db/database.ts';
import type { ShopEventPayload } from '../src/shared/events.ts';
import { orderSchema, type Order } from '../src/shared/orders.ts';
import type { CreateIntentAnswer, PaymentAnswer } from '../src/shared/payments.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { openIntentFor, placeOrder } from './order-helpers.ts';
import { confirmSandbox, fillCart, menuItemIds, postPayment } from './payment-helpers.ts';

/**
 * An order is made with its payment, in the payment's transaction, once per intent however many
 * confirmations arrive: numbered for the staff to call out, with the lines as paid.
 */
let t: TestApp;
let second: { app: FastifyInstance; database: DatabaseHandle };
let customer: TestUser;
let menu: Array<{ id: string; cents: number; name: string }>;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  // A second app with its own connections to the same database, as a second process would be.
  let database: DatabaseHandle;
  if (t.database.kind === 'postgres') database = openDatabase({ dataDir: '', databaseUrl: t.database.postgresUrl! });
  else {
    const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(t.database.db);
    database = openDatabase({ dataDir: path.dirname(rows[0]!.file) });
  }
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), 'unused') });
  const app = await buildApp({ config, database, webDir: path.join(os.tmpdir(), 'no-web-app'), logger: false });
  await app.ready();
  second = { app, database };
  customer = await signUpUser(t.app, { name: 'Olive Orderer' });
  menu = await menuItemIds(t.app, 3);
});
afterAll(async () => {
  await second.app.close();
  await second.database.db.destroy();
  await t.close();
});

describe('the order of a payment', () => {
  it('comes with the answer of POST /api/payment: #1001 first, the lines grouped as paid, total, customer, placed', async () => {
    const [a, b] = menu as [(typeof menu)[0], (typeof menu)[0]];
    const answer = await placeOrder(t.app, customer, { items: [a.id, b.id, a.id], fulfilment: { type: 'table', table: '9', note: 'Extra napkins' } });
    const order = answer.order;
    expect(() => orderSchema.strict().parse(order)).not.toThrow();
    expect(order).toMatchObject({
      number: 1001,
      status: 'placed',
      fulfilment: { type: 'table', table: '9' },
      note: 'Extra napkins',
      lines: [
        { itemId: a.id, name: a.name, price: a.cents / 100, quantity: 2 },
        { itemId: b.id, name: b.name, price: b.cents / 100, quantity: 1 },
      ],
      total: (2 * a.cents + b.cents) / 100,
      customer: { name: 'Olive Orderer', email: customer.email },
      transactionId: answer.payment.transactionId,
      readyBy: null,
      reason: null,
    });
    expect(order.timeline).toEqual([{ status: 'placed', at: order.createdAt }]);
    expect(order.refund).toBeUndefined();
    // The spec's record is unchanged beside it.
    expect(answer.result.insertedId).toBe(answer.payment._id);
    expect(answer.payment).toMatchObject({ status: 'service pending', quantity: 3, price: order.total });

    const next = await placeOrder(t.app, customer, { items: [b.id] });
    expect(next.order.number).toBe(1002);
  });

  it("charges a dish at today's price, however long it was in the cart (one line when the price changed between two additions)", async () => {
    const dish = menu[2]!;
    await fillCart(t.app, customer, [dish.id]);
    await t.database.db.updateTable('menu_items').set({ price_cents: dish.cents + 100, new_price_cents: null }).where('id', '=', dish.id).execute();
    const { order } = await placeOrder(t.app, customer, { items: [dish.id] });
    expect(order.lines).toEqual([{ itemId: dish.id, name: dish.name, price: (dish.cents + 100) / 100, quantity: 2 }]);
    expect(order.total).toBe((2 * dish.cents + 200) / 100);
    await t.database.db.updateTable('menu_items').set({ price_cents: dish.cents }).where('id', '=', dish.id).execute();
  });

  it('is told to the event bus after the commit, with its timeline id', async () => {
    const heard: Array<ShopEventPayload<'order.changed'>> = [];
    const stop = t.app.events.subscribe('order.changed', (change) => heard.push(change));
    try {
      const { order } = await placeOrder(t.app, customer);
      // On PostgreSQL earlier tests' events may still be arriving through NOTIFY.
      const ofThisOrder = () => heard.filter((change) => change.orderId === order._id);
      await expect.poll(() => ofThisOrder().length).toBe(1);
      const event = await t.database.db.selectFrom('order_events').select('id').where('order_id', '=', order._id).executeTakeFirstOrThrow();
      expect(ofThisOrder()[0]).toEqual({ eventId: Number(event.id), orderId: order._id, userId: customer.id, status: 'placed' });
    } finally {
      stop();
    }
  });

  it('is made once per intent under 20 confirmations at once, split between two processes; all answer the same order', async () => {
    for (let round = 0; round < 3; round++) {
      await fillCart(t.app, customer, [menu[0]!.id, menu[1]!.id]);
      const intent = await openIntentFor(t.app, customer, { type: 'pickup' });
      await confirmSandbox(t.app, customer, intent);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => postPayment(i % 2 === 0 ? t.app : second.app, customer, intent.intentId)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      const orders = answers.map((a) => a.json<PaymentAnswer>().order!);
      expect(new Set(orders.map((o) => o._id)).size).toBe(1);
      expect(new Set(orders.map((o) => o.number)).size).toBe(1);
      const rows = await t.database.db.selectFrom('orders').select('id').where('transaction_id', '=', intent.intentId).execute();
      expect(rows).toHaveLength(1);
      const events = await t.database.db.selectFrom('order_events').select('id').where('order_id', '=', rows[0]!.id).execute();
      expect(events).toHaveLength(1);
    }
  });

  it('numbers orders of many customers paying at once without a gap or a double', async () => {
    const payers = await Promise.all(Array.from({ length: 8 }, () => signUpUser(t.app)));
    const intents: CreateIntentAnswer[] = [];
    for (const payer of payers) {
      await fillCart(t.app, payer, [menu[0]!.id]);
      const intent = await openIntentFor(t.app, payer);
      await confirmSandbox(t.app, payer, intent);
      intents.push(intent);
    }
    const before = (await t.database.db.selectFrom('orders').select((eb) => eb.fn.max('number').as('n')).executeTakeFirstOrThrow()).n;
    const answers = await Promise.all(payers.map((payer, i) => postPayment(i % 2 === 0 ? t.app : second.app, payer, intents[i]!.intentId)));
    const numbers = answers.map((a) => a.json<{ order: Order }>().order.number).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => Number(before) + 1 + i));
  });

  it('is answered again by a repeated confirmation, and by GET /api/orders/:id alike', async () => {
    const placed = await placeOrder(t.app, customer);
    const again = await postPayment(t.app, customer, placed.payment.transactionId);
    expect(again.json<PaymentAnswer>().order).toEqual(placed.order);
    const read = await t.app.inject({ method: 'GET', url: `/api/orders/${placed.order._id}`, headers: customer.headers });
    expect(read.json()).toEqual(placed.order);
  });
});
