import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, PaymentIntentsTable, PaymentsTable, SandboxRefundsTable } from '../db/schema.ts';

export type PaymentIntentRow = Selectable<PaymentIntentsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type SandboxRefundRow = Selectable<SandboxRefundsTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** One cart entry as an intent covers it (stored as JSON in payment_intents.items). */
export interface IntentItem {
  cartItemId: string;
  menuItemId: string;
  name: string;
  priceCents: number;
}

export async function insertIntent(db: Db, row: PaymentIntentRow): Promise<void> {
  await db.insertInto('payment_intents').values(row).execute();
}

export async function findIntent(db: Db, id: string): Promise<PaymentIntentRow | undefined> {
  return db.selectFrom('payment_intents').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setIntentStatus(db: Db, id: string, status: string, lastError: string | null): Promise<void> {
  await db
    .updateTable('payment_intents')
    .set({ status, last_error: lastError, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** The sandbox's confirmation: only an intent not yet succeeded moves, so it succeeds once. */
export async function markIntentSucceeded(db: Db, id: string): Promise<void> {
  await db
    .updateTable('payment_intents')
    .set({ status: 'succeeded', last_error: null, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('status', '!=', 'succeeded')
    .execute();
}

/**
 * Inserts the payment unless one exists for its transaction id (the unique constraint decides,
 * also between two processes at once). Answers true when this call inserted it.
 */
export async function insertPaymentOnce(db: Db, row: PaymentRow): Promise<boolean> {
  const inserted = await db
    .insertInto('payments')
    .values(row)
    .onConflict((oc) => oc.column('transaction_id').doNothing())
    .returning('id')
    .execute();
  return inserted.length === 1;
}

export async function findPaymentByTransaction(db: Db, transactionId: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('transaction_id', '=', transactionId).executeTakeFirst();
}

export async function listPaymentsOfUser(db: Db, userId: string): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findUserContact(db: Db, userId: string): Promise<{ name: string; email: string } | undefined> {
  return db.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirst();
}

/** The sandbox's refund of an intent: inserted once (the unique intent decides), then answered as it is. */
export async function insertSandboxRefundOnce(db: Db, row: SandboxRefundRow): Promise<SandboxRefundRow> {
  await db
    .insertInto('sandbox_refunds')
    .values(row)
    .onConflict((oc) => oc.column('intent_id').doNothing())
    .execute();
  return db.selectFrom('sandbox_refunds').selectAll().where('intent_id', '=', row.intent_id).executeTakeFirstOrThrow();
}
