import { describe, expect, it } from 'vitest';
import { migrateTo } from '../src/server/db/migrate.ts';
import { OLD_AT, oldCustomer, oldIntent, oldOrder, oldPayment, oldShop } from './helpers/old-shop.ts';

/**
 * Migration 015 on a shop that lost refunds before it: an order left "refund pending" by a process
 * that died gets a refund request, asked with the key the shop used then (so a refund that reached
 * the provider is answered, not repeated); the sandbox's ledger keeps its refunds under that key.
 */
const database = oldShop('014-answer-notices', '015-refund-requests', async (db) => {
  await db.insertInto('users').values(oldCustomer()).execute();
  for (const [n, refund] of [
    [1, 'pending'],
    [2, 'succeeded'],
    [3, null],
  ] as const) {
    await db.insertInto('payment_intents').values(oldIntent(n)).execute();
    await db.insertInto('payments').values(oldPayment(n)).execute();
    await db
      .insertInto('orders')
      .values(oldOrder(n, { status: refund ? 'rejected' : 'placed', delivery_fee_cents: 0, refund_status: refund, refund_cents: refund ? 1450 : null }))
      .execute();
  }
  await db.insertInto('sandbox_refunds').values({ id: 're_2', intent_id: 'pi_2', amount_cents: 1450, created_at: OLD_AT } as never).execute();
});

describe('migration 015 (refund requests)', () => {
  it('queues the refunds left pending, under the per-intent key of before, and keys the sandbox ledger', async () => {
    const requests = await database().db.selectFrom('refund_requests').select(['order_id', 'transaction_id', 'amount_cents', 'idempotency_key', 'status']).execute();
    expect(requests).toEqual([{ order_id: 'o1', transaction_id: 'pi_1', amount_cents: 1450, idempotency_key: 'refund-pi_1', status: 'queued' }]);
    const orders = await database().db.selectFrom('orders').select(['id', 'refund_attempts']).orderBy('id').execute();
    expect(orders).toEqual([
      { id: 'o1', refund_attempts: 1 },
      { id: 'o2', refund_attempts: 1 },
      { id: 'o3', refund_attempts: 0 },
    ]);
    expect(await database().db.selectFrom('sandbox_refunds').select(['id', 'intent_id', 'idempotency_key']).execute()).toEqual([
      { id: 're_2', intent_id: 'pi_2', idempotency_key: 'refund-pi_2' },
    ]);
  });

  it('goes down and up again with the rows intact', async () => {
    await migrateTo(database(), '014-answer-notices');
    expect(await database().db.selectFrom('sandbox_refunds').select('id').execute()).toEqual([{ id: 're_2' }]);
    await migrateTo(database(), '015-refund-requests');
    expect(await database().db.selectFrom('sandbox_refunds').select(['id', 'idempotency_key']).execute()).toEqual([{ id: 're_2', idempotency_key: 'refund-pi_2' }]);
  });
});
