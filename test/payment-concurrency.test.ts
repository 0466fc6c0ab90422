import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateIntentAnswer } from '../src/shared/payments.ts';
import { signUpUser } from './helpers/auth.ts';
import { createTestApp, openSecondApp, type TestApp } from './helpers/test-app.ts';
import { confirmSandbox, createIntent, fillCart, menuItemIds, openIntent, postPayment } from './payment-helpers.ts';

/**
 * Two shop processes on one database, as behind a load balancer: each app here has its own
 * connections (its own SQLite connection to the same file, or its own PostgreSQL pool), so the
 * once-only rules are decided by the database, not by one process's queue.
 */
let t: TestApp;
let second: { app: FastifyInstance; close(): Promise<void> };

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  second = await openSecondApp(t);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

describe('POST /api/payment from two processes at once', () => {
  it('records the intent once and both answer the same record', async () => {
    const customer = await signUpUser(t.app);
    const menu = await menuItemIds(t.app, 3);
    for (let round = 0; round < 3; round++) {
      await fillCart(t.app, customer, menu.map((m) => m.id));
      const intent = await openIntent(t.app, customer);
      await confirmSandbox(second.app, customer, intent);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => postPayment(i % 2 === 0 ? t.app : second.app, customer, intent.intentId)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
      expect(new Set(answers.map((a) => a.json<{ result: { insertedId: string } }>().result.insertedId)).size).toBe(1);
      const rows = await t.database.db.selectFrom('payments').select('id').where('transaction_id', '=', intent.intentId).execute();
      expect(rows).toHaveLength(1);
      const cart = await t.database.db.selectFrom('cart_items').select('id').where('user_id', '=', customer.id).execute();
      expect(cart).toEqual([]);
    }
  });
});

describe('one open intent per customer across processes', () => {
  it('payment pages opened at once through two processes share one intent; two tabs paying it make one charge and one order', async () => {
    const customer = await signUpUser(t.app);
    const menu = await menuItemIds(t.app, 2);
    for (let round = 0; round < 3; round++) {
      await fillCart(t.app, customer, menu.map((m) => m.id));
      const opened = await Promise.all(Array.from({ length: 8 }, (_, i) => createIntent(i % 2 === 0 ? t.app : second.app, customer)));
      expect(opened.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
      const intents = opened.map((a) => a.json<CreateIntentAnswer>());
      expect(new Set(intents.map((i) => i.intentId)).size).toBe(1);
      const open = await t.database.db.selectFrom('payment_intents').select('id').where('open_for_user', '=', customer.id).execute();
      expect(open.map((r) => r.id)).toEqual([intents[0]!.intentId]);

      // Two tabs, each served by another process, confirm and record at once.
      const confirmed = await Promise.all([confirmSandbox(t.app, customer, intents[0]!), confirmSandbox(second.app, customer, intents[1]!)]);
      expect(confirmed.map((c) => c.body)).toEqual(Array(2).fill({ paymentIntent: { id: intents[0]!.intentId, status: 'succeeded' } }));
      const recorded = await Promise.all([postPayment(t.app, customer, intents[0]!.intentId), postPayment(second.app, customer, intents[1]!.intentId)]);
      expect(recorded.map((r) => r.statusCode)).toEqual([200, 200]);
      const payments = await t.database.db.selectFrom('payments').select('id').where('transaction_id', '=', intents[0]!.intentId).execute();
      const orders = await t.database.db.selectFrom('orders').select('id').where('transaction_id', '=', intents[0]!.intentId).execute();
      expect([payments.length, orders.length]).toEqual([1, 1]);
    }
    const all = await t.database.db.selectFrom('payments').select('id').where('user_id', '=', customer.id).execute();
    expect(all).toHaveLength(3);
  });
});
