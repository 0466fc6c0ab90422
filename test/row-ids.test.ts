import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRowId } from '../src/server/db/row-ids.ts';
import { signUpUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { confirmSandbox, fillCart, menuItemIds, openIntent, pay } from './payment-helpers.ts';

/**
 * The ids of the rows a payment writes arrive in order (src/server/db/row-ids.ts): each insert
 * lands on the last page of its key index, which is what keeps a payment's commit small.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t?.close());

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const inOrder = (ids: string[]) => ids.every((id, i) => i === 0 || ids[i - 1]! < id);

describe('new row ids', () => {
  it('are UUIDs of version 7, each greater than the last, also within one millisecond', () => {
    // Many more than 4,096 a millisecond at times: the counter then borrows the next millisecond.
    const ids = Array.from({ length: 20_000 }, () => newRowId());
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect(inOrder(ids)).toBe(true);
  });

  it('are what a payment writes: cart entries, the intent, the payment and the order, in the order they were made', async () => {
    const customer = await signUpUser(t.app);
    const dishes = await menuItemIds(t.app, 2);
    const payments: string[] = [];
    const orders: string[] = [];
    const intents: string[] = [];
    for (let round = 0; round < 6; round++) {
      await fillCart(t.app, customer, dishes.map((dish) => dish.id));
      const entries = await t.app.db.selectFrom('cart_items').select('id').where('user_id', '=', customer.id).orderBy('created_at').orderBy('id').execute();
      expect(entries).toHaveLength(2);
      expect(inOrder(entries.map((entry) => entry.id))).toBe(true);
      const intent = await openIntent(t.app, customer);
      expect((await confirmSandbox(t.app, customer, intent)).statusCode).toBe(200);
      const paid = await pay(t.app, customer, intent.intentId);
      intents.push(intent.intentId);
      payments.push(paid.payment._id);
      orders.push(paid.order!._id);
    }
    for (const ids of [intents, payments, orders]) expect(inOrder(ids), ids.join(" ")).toBe(true);
  });
});
