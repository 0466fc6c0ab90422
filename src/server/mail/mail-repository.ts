import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, MailQueueTable } from '../db/schema.ts';

export type MailRow = Selectable<MailQueueTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** Queues a mail unless one with its key is queued already; answers whether this call queued it. */
export async function insertMailOnce(db: Db, row: Insertable<MailQueueTable>): Promise<boolean> {
  const result = await db
    .insertInto('mail_queue')
    .values(row)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Claims up to `limit` mails that are due. The outer `status = 'queued'` is what makes a claim
 * exclusive: on PostgreSQL a second process running the same statement waits for the first's
 * row locks, then finds those rows 'sending' and skips them; SQLite runs one writer at a time.
 */
export async function claimDueMails(db: Kysely<Database>, now: string, limit: number): Promise<MailRow[]> {
  return db
    .updateTable('mail_queue')
    .set((eb) => ({ status: 'sending', claimed_at: now, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('mail_queue')
        .select('id')
        .where('status', '=', 'queued')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .limit(limit),
    )
    .where('status', '=', 'queued')
    .returningAll()
    .execute();
}

/** Mails claimed by a process that died before it said how the sending went: due again. */
export async function releaseStaleClaims(db: Kysely<Database>, claimedBefore: string, now: string): Promise<number> {
  const result = await db
    .updateTable('mail_queue')
    .set({ status: 'queued', claimed_at: null, next_attempt_at: now })
    .where('status', '=', 'sending')
    .where('claimed_at', '<', claimedBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function markSent(db: Kysely<Database>, id: string, at: string): Promise<void> {
  await db.updateTable('mail_queue').set({ status: 'sent', sent_at: at, last_error: null }).where('id', '=', id).where('status', '=', 'sending').execute();
}

/** Back in the queue for a later attempt, or given up ('failed') when `retryAt` is null. */
export async function markAttemptFailed(db: Kysely<Database>, id: string, error: string, retryAt: string | null): Promise<void> {
  await db
    .updateTable('mail_queue')
    .set(retryAt ? { status: 'queued', claimed_at: null, next_attempt_at: retryAt, last_error: error } : { status: 'failed', last_error: error })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/** Sent mails are kept a while (what went out, for support), then removed with their personal data. */
export async function deleteSentBefore(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('mail_queue').where('status', 'in', ['sent', 'failed']).where('created_at', '<', before).execute();
}

/** The language an account's mails are written in, when the account has one. */
export async function findUserLanguage(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return row?.language ?? null;
}

/** Where an account's mails go, and whether it wants order status mails. */
export async function findMailRecipient(db: Db, userId: string) {
  return db.selectFrom('users').select(['name', 'email', 'order_status_mails', 'role', 'guest_email']).where('id', '=', userId).executeTakeFirst();
}
