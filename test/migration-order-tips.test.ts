import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/server/db/database.ts';
import { migrateTo } from '../src/server/db/migrate.ts';
import { toOrder } from '../src/server/orders/order-view.ts';
import { freshDatabase } from './helpers/test-app.ts';

/**
 * Migration 029 on a shop with orders and an open payment from before tips: each has a tip of 0,
 * and the orders answer no tip and keep their totals.
 */
let database: DatabaseHandle;
let drop: () => Promise<void>;
const at = new Date(Date.UTC(2026, 0, 1)).toISOString();

beforeAll(async () => {
  const fresh = await freshDatabase();
  database = fresh.database;
  drop = fresh.dropDatabase;
  await migrateTo(database, '027-order-taxes');
  const db = database.db;
  await db
    .insertInto('users')
    .values({ id: 'u1', name: 'Old Customer', email: 'old@example.test', email_verified: false, image: null, role: 'user', created_at: at, updated_at: at } as never)
    .execute();
  await db
    .insertInto('menu_items')
    .values({ id: 'd1', name: 'Green bowl', category: 'offered', price_cents: 1450, new_price_cents: null, recipe: 'r', image: '/i.webp', created_at: at } as never)
    .execute();
  await db
    .insertInto('payment_intents')
    .values({ id: 'pi_1', provider: 'sandbox', user_id: 'u1', amount_cents: 1450, currency: 'usd', items: '[]', client_secret: 's', status: 'succeeded', last_error: null, fulfilment: null, open_for_user: null, settled_at: at, created_at: at, updated_at: at } as never)
    .execute();
  await db
    .insertInto('payments')
    .values({ id: 'p1', transaction_id: 'pi_1', user_id: 'u1', name: 'n', email: 'old@example.test', price_cents: 1450, quantity: 1, cart_item_ids: '[]', menu_item_ids: '[]', item_names: '[]', status: 'service pending', created_at: at })
    .execute();
  await db
    .insertInto('orders')
    .values({ id: 'o1', number: 1001, transaction_id: 'pi_1', user_id: 'u1', customer_name: 'n', customer_email: 'old@example.test', status: 'placed', fulfilment_type: 'pickup', fulfilment: '{"type":"pickup"}', note: null, lines: '[{"itemId":"d1","name":"Green bowl","priceCents":1450,"quantity":1}]', total_cents: 1450, delivery_fee_cents: 0, ready_by: null, reason: null, refund_status: null, refund_cents: null, refund_attempts: 0, created_at: at, updated_at: at } as never)
    .execute();
  await migrateTo(database, '029-order-tips');
});
afterAll(async () => {
  await database.db.destroy();
  await drop();
});

describe('migration 029 (order tips)', () => {
  it('gives older orders and intents a tip of 0, and older orders answer no tip', async () => {
    const order = await database.db.selectFrom('orders').selectAll().where('id', '=', 'o1').executeTakeFirstOrThrow();
    expect([Number(order.tip_cents), Number(order.total_cents)]).toEqual([0, 1450]);
    const answered = toOrder(order, [], false);
    expect(answered).not.toHaveProperty('tip');
    expect(answered.total).toBe(14.5);
    const intent = await database.db.selectFrom('payment_intents').select(['tip_cents', 'amount_cents']).where('id', '=', 'pi_1').executeTakeFirstOrThrow();
    expect([Number(intent.tip_cents), Number(intent.amount_cents)]).toEqual([0, 1450]);
  });
});
