import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, RefundRequestsTable } from '../db/schema.ts';

export type RefundRequestRow = Selectable<RefundRequestsTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** Written in the transaction that moves the order (or retries its refund), never on its own. */
export async function insertRefundRequest(trx: Transaction<Database>, row: Insertable<RefundRequestsTable>): Promise<void> {
  await trx.insertInto('refund_requests').values(row).execute();
}

/**
 * Claims due requests for this process: 'queued' becomes 'asking' with the claim's time, and the
 * update's own `status = 'queued'` decides between two processes (PostgreSQL re-checks it on the
 * locked row, SQLite has one writer), so one request is asked by one process at a time. `ids`
 * narrows it to requests just written (the move's own, asked at once).
 */
export async function claimDueRefunds(db: Kysely<Database>, now: string, limit: number, ids?: string[]): Promise<RefundRequestRow[]> {
  return db
    .updateTable('refund_requests')
    .set((eb) => ({ status: 'asking', claimed_at: now, updated_at: now, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) => {
      let due = eb.selectFrom('refund_requests').select('id').where('status', '=', 'queued').where('next_attempt_at', '<=', now);
      if (ids) due = due.where('id', 'in', ids);
      return due.orderBy('next_attempt_at').limit(limit);
    })
    .where('status', '=', 'queued')
    .returningAll()
    .execute();
}

/** Claims held longer than the lease by a process that died before it wrote the answer: due again. */
export async function releaseStaleRefundClaims(db: Kysely<Database>, claimedBefore: string, now: string): Promise<number> {
  const result = await db
    .updateTable('refund_requests')
    .set({ status: 'queued', claimed_at: null, next_attempt_at: now, updated_at: now })
    .where('status', '=', 'asking')
    .where('claimed_at', '<', claimedBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The provider's answer on a claimed request, only while this process's claim holds (`claimedAt`):
 * a claim released and taken by another process is that one's to finish. Answers whether it wrote.
 */
export async function settleRefundRequest(
  trx: Transaction<Database>,
  id: string,
  claimedAt: string,
  changes: Partial<Pick<RefundRequestRow, 'status' | 'provider_refund_id' | 'last_error' | 'next_attempt_at' | 'claimed_at'>> & { updated_at: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('refund_requests')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', 'asking')
    .where('claimed_at', '=', claimedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The order's newest request, the one its refund status is about. */
export async function latestRefundRequest(db: Db, orderId: string): Promise<RefundRequestRow | undefined> {
  return db.selectFrom('refund_requests').selectAll().where('order_id', '=', orderId).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
}

export async function findRefundRequest(db: Db, id: string): Promise<RefundRequestRow | undefined> {
  return db.selectFrom('refund_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The order's request the provider knows by this refund id (Stripe's `re_…`). */
export async function findRefundRequestByProviderId(db: Db, orderId: string, providerRefundId: string): Promise<RefundRequestRow | undefined> {
  return db.selectFrom('refund_requests').selectAll().where('order_id', '=', orderId).where('provider_refund_id', '=', providerRefundId).executeTakeFirst();
}

/** The provider's later word (a webhook) on a request it has not settled yet; answers whether it wrote. */
export async function settleSubmittedRequest(trx: Transaction<Database>, request: RefundRequestRow | undefined, status: 'succeeded' | 'failed', at: string): Promise<boolean> {
  if (!request || request.status === 'succeeded' || request.status === 'failed') return false;
  const result = await trx
    .updateTable('refund_requests')
    .set({ status, updated_at: at })
    .where('id', '=', request.id)
    .where('status', 'not in', ['succeeded', 'failed'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Every request of these orders, oldest first: the order's refunds, and what is left to refund. */
export async function listRefundRequests(db: Db, orderIds: string[]): Promise<RefundRequestRow[]> {
  if (orderIds.length === 0) return [];
  return db.selectFrom('refund_requests').selectAll().where('order_id', 'in', orderIds).orderBy('created_at').orderBy('id').execute();
}

/** The orders whose refund is failed and may be asked again: a staff retry moves it back to pending. */
export async function reopenFailedRefund(trx: Transaction<Database>, orderId: string, at: string): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set((eb) => ({ refund_status: 'pending', refund_attempts: eb('refund_attempts', '+', 1), updated_at: at }))
    .where('id', '=', orderId)
    .where('refund_status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** How many requests wait to be asked (queued or claimed): the worker's look, for tests and benches. */
export async function countOpenRefunds(db: Db): Promise<number> {
  const row = await db
    .selectFrom('refund_requests')
    .select(sql<number>`count(*)`.as('n'))
    .where('status', 'in', ['queued', 'asking'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
