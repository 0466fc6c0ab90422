import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/server/db/database.ts';
import { migrateTo } from '../src/server/db/migrate.ts';
import { freshDatabase } from './helpers/test-app.ts';

/**
 * Migration 020 on a shop with refunds settled before requests existed: each gets its request (so
 * "what is left to refund" counts it), and every order keeps what the provider confirmed, summed
 * and counted, for the statistics.
 */
let database: DatabaseHandle;
let drop: () => Promise<void>;
const at = new Date(Date.UTC(2026, 0, 1)).toISOString();

beforeAll(async () => {
  const fresh = await freshDatabase();
  database = fresh.database;
  drop = fresh.dropDatabase;
  await migrateTo(database, '016-sign-in-limits');
  const db = database.db;
  await db
    .insertInto('users')
    .values({ id: 'u1', name: 'Old Customer', email: 'old@example.test', email_verified: false, image: null, role: 'user', created_at: at, updated_at: at } as never)
    .execute();
  for (const [n, refund] of [
    [1, 'succeeded'],
    [2, 'failed'],
    [3, 'succeeded'],
    [4, null],
  ] as const) {
    await db
      .insertInto('payment_intents')
      .values({ id: `pi_${n}`, provider: 'sandbox', user_id: 'u1', amount_cents: 1450, currency: 'usd', items: '[]', client_secret: 's', status: 'succeeded', last_error: null, fulfilment: null, open_for_user: null, settled_at: at, created_at: at, updated_at: at } as never)
      .execute();
    await db
      .insertInto('payments')
      .values({ id: `p${n}`, transaction_id: `pi_${n}`, user_id: 'u1', name: 'n', email: 'old@example.test', price_cents: 1450, quantity: 1, cart_item_ids: '[]', menu_item_ids: '[]', item_names: '[]', status: 'service pending', created_at: at })
      .execute();
    await db
      .insertInto('orders')
      .values({ id: `o${n}`, number: 1000 + n, transaction_id: `pi_${n}`, user_id: 'u1', customer_name: 'n', customer_email: 'old@example.test', status: refund ? 'rejected' : 'placed', fulfilment_type: 'pickup', fulfilment: '{"type":"pickup"}', note: null, lines: '[]', total_cents: 1450, delivery_fee_cents: 0, ready_by: null, reason: null, refund_status: refund, refund_cents: refund ? 1450 : null, refund_attempts: refund ? 1 : 0, created_at: at, updated_at: at } as never)
      .execute();
  }
  // Order 3's refund went through the worker of migration 015: it has its request already.
  await db
    .insertInto('refund_requests')
    .values({ id: 'rq3', order_id: 'o3', transaction_id: 'pi_3', amount_cents: 1450, idempotency_key: 'refund-request-rq3', status: 'succeeded', attempts: 1, next_attempt_at: at, claimed_at: null, provider_refund_id: 're_3', last_error: null, created_at: at, updated_at: at } as never)
    .execute();
  await migrateTo(database, '020-partial-refunds');
});
afterAll(async () => {
  await database.db.destroy();
  await drop();
});

describe('migration 020 (partial refunds)', () => {
  it('gives each refund settled before requests its request, and each order its confirmed sum and count', async () => {
    const requests = await database.db.selectFrom('refund_requests').select(['order_id', 'amount_cents', 'idempotency_key', 'status', 'origin', 'lines']).orderBy('order_id').execute();
    expect(requests).toEqual([
      { order_id: 'o1', amount_cents: 1450, idempotency_key: 'refund-pi_1', status: 'succeeded', origin: 'order', lines: null },
      { order_id: 'o2', amount_cents: 1450, idempotency_key: 'refund-pi_2', status: 'failed', origin: 'order', lines: null },
      { order_id: 'o3', amount_cents: 1450, idempotency_key: 'refund-request-rq3', status: 'succeeded', origin: 'order', lines: null },
    ]);
    const orders = await database.db.selectFrom('orders').select(['id', 'refunded_cents', 'refunds_made']).orderBy('id').execute();
    expect(orders.map((o) => [o.id, Number(o.refunded_cents), Number(o.refunds_made)])).toEqual([
      ['o1', 1450, 1],
      ['o2', 0, 0],
      ['o3', 1450, 1],
      ['o4', 0, 0],
    ]);
  });

  it('goes down and up again', async () => {
    await migrateTo(database, '016-sign-in-limits');
    await migrateTo(database, '020-partial-refunds');
    const orders = await database.db.selectFrom('orders').select(['id', 'refunded_cents']).orderBy('id').execute();
    expect(orders.map((o) => Number(o.refunded_cents))).toEqual([1450, 0, 1450, 0]);
  });
});
