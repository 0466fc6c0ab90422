import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/server/db/database.ts';
import { migrateTo } from '../src/server/db/migrate.ts';
import { freshDatabase } from './helpers/test-app.ts';

/**
 * Migration 015 on a shop that lost refunds before it: an order left "refund pending" by a process
 * that died gets a refund request, asked with the key the shop used then (so a refund that reached
 * the provider is answered, not repeated); the sandbox's ledger keeps its refunds under that key.
 */
let database: DatabaseHandle;
let drop: () => Promise<void>;
const at = new Date(Date.UTC(2026, 0, 1)).toISOString();

beforeAll(async () => {
  const fresh = await freshDatabase();
  database = fresh.database;
  drop = fresh.dropDatabase;
  await migrateTo(database, '014-answer-notices');
  const db = database.db;
  await db
    .insertInto('users')
    .values({ id: 'u1', name: 'Old Customer', email: 'old@example.test', email_verified: false, image: null, role: 'user', created_at: at, updated_at: at } as never)
    .execute();
  for (const [n, refund] of [
    [1, 'pending'],
    [2, 'succeeded'],
    [3, null],
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
      .values({ id: `o${n}`, number: 1000 + n, transaction_id: `pi_${n}`, user_id: 'u1', customer_name: 'n', customer_email: 'old@example.test', status: refund ? 'rejected' : 'placed', fulfilment_type: 'pickup', fulfilment: '{"type":"pickup"}', note: null, lines: '[]', total_cents: 1450, delivery_fee_cents: 0, ready_by: null, reason: null, refund_status: refund, refund_cents: refund ? 1450 : null, created_at: at, updated_at: at } as never)
      .execute();
  }
  await db.insertInto('sandbox_refunds').values({ id: 're_2', intent_id: 'pi_2', amount_cents: 1450, created_at: at } as never).execute();
  await migrateTo(database, '015-refund-requests');
});
afterAll(async () => {
  await database.db.destroy();
  await drop();
});

describe('migration 015 (refund requests)', () => {
  it('queues the refunds left pending, under the per-intent key of before, and keys the sandbox ledger', async () => {
    const requests = await database.db.selectFrom('refund_requests').select(['order_id', 'transaction_id', 'amount_cents', 'idempotency_key', 'status']).execute();
    expect(requests).toEqual([{ order_id: 'o1', transaction_id: 'pi_1', amount_cents: 1450, idempotency_key: 'refund-pi_1', status: 'queued' }]);
    const orders = await database.db.selectFrom('orders').select(['id', 'refund_attempts']).orderBy('id').execute();
    expect(orders).toEqual([
      { id: 'o1', refund_attempts: 1 },
      { id: 'o2', refund_attempts: 1 },
      { id: 'o3', refund_attempts: 0 },
    ]);
    expect(await database.db.selectFrom('sandbox_refunds').select(['id', 'intent_id', 'idempotency_key']).execute()).toEqual([
      { id: 're_2', intent_id: 'pi_2', idempotency_key: 'refund-pi_2' },
    ]);
  });

  it('goes down and up again with the rows intact', async () => {
    await migrateTo(database, '014-answer-notices');
    expect(await database.db.selectFrom('sandbox_refunds').select('id').execute()).toEqual([{ id: 're_2' }]);
    await migrateTo(database, '015-refund-requests');
    expect(await database.db.selectFrom('sandbox_refunds').select(['id', 'idempotency_key']).execute()).toEqual([{ id: 're_2', idempotency_key: 'refund-pi_2' }]);
  });
});
