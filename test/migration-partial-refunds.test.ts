import { describe, expect, it } from 'vitest';
import { migrateTo } from '../src/server/db/migrate.ts';
import { OLD_AT, oldCustomer, oldIntent, oldOrder, oldPayment, oldShop } from './helpers/old-shop.ts';

/**
 * Migration 020 on a shop with refunds settled before requests existed: each gets its request (so
 * "what is left to refund" counts it), and every order keeps what the provider confirmed, summed
 * and counted, for the statistics.
 */
const database = oldShop('016-sign-in-limits', '020-partial-refunds', async (db) => {
  await db.insertInto('users').values(oldCustomer()).execute();
  for (const [n, refund] of [
    [1, 'succeeded'],
    [2, 'failed'],
    [3, 'succeeded'],
    [4, null],
  ] as const) {
    await db.insertInto('payment_intents').values(oldIntent(n)).execute();
    await db.insertInto('payments').values(oldPayment(n)).execute();
    await db
      .insertInto('orders')
      .values(oldOrder(n, { status: refund ? 'rejected' : 'placed', delivery_fee_cents: 0, refund_status: refund, refund_cents: refund ? 1450 : null, refund_attempts: refund ? 1 : 0 }))
      .execute();
  }
  // Order 3's refund went through the worker of migration 015: it has its request already.
  await db
    .insertInto('refund_requests')
    .values({ id: 'rq3', order_id: 'o3', transaction_id: 'pi_3', amount_cents: 1450, idempotency_key: 'refund-request-rq3', status: 'succeeded', attempts: 1, next_attempt_at: OLD_AT, claimed_at: null, provider_refund_id: 're_3', last_error: null, created_at: OLD_AT, updated_at: OLD_AT } as never)
    .execute();
});

describe('migration 020 (partial refunds)', () => {
  it('gives each refund settled before requests its request, and each order its confirmed sum and count', async () => {
    const requests = await database().db.selectFrom('refund_requests').select(['order_id', 'amount_cents', 'idempotency_key', 'status', 'origin', 'lines']).orderBy('order_id').execute();
    expect(requests).toEqual([
      { order_id: 'o1', amount_cents: 1450, idempotency_key: 'refund-pi_1', status: 'succeeded', origin: 'order', lines: null },
      { order_id: 'o2', amount_cents: 1450, idempotency_key: 'refund-pi_2', status: 'failed', origin: 'order', lines: null },
      { order_id: 'o3', amount_cents: 1450, idempotency_key: 'refund-request-rq3', status: 'succeeded', origin: 'order', lines: null },
    ]);
    const orders = await database().db.selectFrom('orders').select(['id', 'refunded_cents', 'refunds_made']).orderBy('id').execute();
    expect(orders.map((o) => [o.id, Number(o.refunded_cents), Number(o.refunds_made)])).toEqual([
      ['o1', 1450, 1],
      ['o2', 0, 0],
      ['o3', 1450, 1],
      ['o4', 0, 0],
    ]);
  });

  it('goes down and up again', async () => {
    await migrateTo(database(), '016-sign-in-limits');
    await migrateTo(database(), '020-partial-refunds');
    const orders = await database().db.selectFrom('orders').select(['id', 'refunded_cents']).orderBy('id').execute();
    expect(orders.map((o) => Number(o.refunded_cents))).toEqual([1450, 0, 1450, 0]);
  });
});
