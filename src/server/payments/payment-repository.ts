import type { TaxRateRef } from '../../shared/order-totals.ts';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { integerParameter, textParameter } from '../db/typed-parameters.ts';
import { compiledOnce } from '../db/statements-made-once.ts';
import type { Database, PaymentIntentsTable, PaymentsTable, SandboxRefundsTable } from '../db/schema.ts';
import type { ChosenGroup } from '../../shared/dish-option-rules.ts';

export type PaymentIntentRow = Selectable<PaymentIntentsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type SandboxRefundRow = Selectable<SandboxRefundsTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** One cart entry as an intent covers it (stored as JSON in payment_intents.items). */
export interface IntentItem {
  cartItemId: string;
  menuItemId: string;
  name: string;
  /** The entry's price with its options, today. */
  priceCents: number;
  /** The chosen options as priced (docs/decisions/0023-dish-options.md); absent without options. */
  options?: ChosenGroup[];
  /** The dish's tax rate when the intent was made; absent: untaxed (migration 027). */
  taxRate?: TaxRateRef;
}

/**
 * Inserts an intent as the customer's open one, unless they have an open one already: the unique
 * index on open_for_user decides, also between two processes at once. Answers true when this call
 * inserted it.
 */
export async function insertOpenIntent(db: Db, row: PaymentIntentRow): Promise<boolean> {
  return (await openIntentInsert(db, row)).rows.length === 1;
}

// The statements of a payment's path are compiled once (db/statements-made-once.ts).
const openIntentInsert = compiledOnce((db, row: PaymentIntentRow) =>
  db
    .insertInto('payment_intents')
    .values(row)
    .onConflict((oc) => oc.column('open_for_user').doNothing())
    .returning('id'),
);

export async function findIntent(db: Db, id: string): Promise<PaymentIntentRow | undefined> {
  return (await intentById(db, id)).rows[0];
}

const intentById = compiledOnce((db, id: string) => db.selectFrom('payment_intents').selectAll().where('id', '=', id));

/**
 * The customer's open intent that the shop knows has succeeded, which is one not recorded yet
 * (recording closes it): a lookup in the unique index that reads one column, run on every cart read.
 */
export async function findSucceededOpenIntentId(db: Db, userId: string): Promise<string | undefined> {
  return (await succeededOpenIntentId(db, userId)).rows[0]?.id;
}

const succeededOpenIntentId = compiledOnce((db, userId: string) =>
  db.selectFrom('payment_intents').select('id').where('open_for_user', '=', userId).where('status', '=', 'succeeded'),
);

/** The customer's open intent's id and status, if any: the unique index alone answers. */
export async function findOpenIntentStatus(db: Db, userId: string): Promise<{ id: string; status: string } | undefined> {
  return (await openIntentStatus(db, userId)).rows[0];
}

const openIntentStatus = compiledOnce((db, userId: string) => db.selectFrom('payment_intents').select(['id', 'status']).where('open_for_user', '=', userId));

/** The customer's open intent, if any: one lookup in the unique index. */
export async function findOpenIntent(db: Db, userId: string): Promise<PaymentIntentRow | undefined> {
  return (await openIntent(db, userId)).rows[0];
}

const openIntent = compiledOnce((db, userId: string) => db.selectFrom('payment_intents').selectAll().where('open_for_user', '=', userId));

/** The sandbox's declined card: noted on an intent still waiting for one (a cancelled one stays cancelled). */
export async function recordDecline(db: Db, id: string, code: string): Promise<void> {
  await db
    .updateTable('payment_intents')
    .set({ last_error: code, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'requires_payment_method')
    .execute();
}

/**
 * The sandbox's confirmation: only an open intent that is waiting for a card moves, so it
 * succeeds once, and never after it was cancelled. Answers whether this call moved it.
 */
export async function markIntentSucceeded(db: Db, id: string): Promise<boolean> {
  const result = await intentSucceeded(db, id, new Date().toISOString());
  return Number(result.numAffectedRows) === 1;
}

const intentSucceeded = compiledOnce((db, id: string, now: string) =>
  db
    .updateTable('payment_intents')
    .set({ status: 'succeeded', last_error: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'requires_payment_method')
    .where('open_for_user', 'is not', null),
);

/** The sandbox's cancellation: an intent not yet succeeded can no longer be confirmed. */
export async function markIntentCanceled(db: Db, id: string): Promise<void> {
  await db
    .updateTable('payment_intents')
    .set({ status: 'canceled', updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('status', 'in', ['requires_payment_method', 'canceling'])
    .execute();
}

/**
 * Takes the customer's open intent off the payment page (their cart changed, or a new intent
 * replaces it): no longer open, and 'canceling' until the provider has said it is cancelled. An
 * intent the shop knows has succeeded is left as it is, to be recorded. `onlyId` limits it to one
 * intent (the one a replacement read). Answers the intents taken off.
 */
export async function detachOpenIntent(db: Db, userId: string, onlyId?: string): Promise<PaymentIntentRow[]> {
  let query = db
    .updateTable('payment_intents')
    .set({ open_for_user: null, status: 'canceling', updated_at: new Date().toISOString() })
    .where('open_for_user', '=', userId)
    .where('status', '!=', 'succeeded');
  if (onlyId) query = query.where('id', '=', onlyId);
  return query.returningAll().execute();
}

/** No longer open, whatever its status (an intent the shop could not record stays unsettled). */
export async function closeIntent(db: Db, id: string): Promise<void> {
  await db
    .updateTable('payment_intents')
    .set({ open_for_user: null, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** The shop is owed nothing more for this intent: it is closed, with the provider's last word. */
export async function settleIntent(db: Db, id: string, status: string, lastError: string | null = null): Promise<void> {
  await intentSettled(db, id, status, lastError, new Date().toISOString());
}

const intentSettled = compiledOnce((db, id: string, status: string, lastError: string | null, now: string) =>
  db.updateTable('payment_intents').set({ status, last_error: lastError, open_for_user: null, settled_at: now, updated_at: now }).where('id', '=', id),
);

/** An intent's last_error once it is claimed for a refund of changed terms: what changed follows it. */
export const TERMS_REFUND_CLAIM = 'to be refunded: terms changed: ';

/**
 * Claims an unsettled intent for a refund of changed terms, so no order can be placed for it any
 * more (see `settleIntentForOrder`); false when it was settled meanwhile (recorded by another call).
 */
export async function claimForTermsRefund(db: Db, id: string, what: string): Promise<boolean> {
  const result = await db
    .updateTable('payment_intents')
    .set({ last_error: `${TERMS_REFUND_CLAIM}${what}`, open_for_user: null, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('settled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Settles the intent its order is placed for; false when it was settled or claimed for a refund meanwhile. */
export async function settleIntentForOrder(db: Db, id: string): Promise<boolean> {
  const result = await intentSettledForOrder(db, id, new Date().toISOString());
  return Number(result.numAffectedRows ?? 0) > 0;
}

const intentSettledForOrder = compiledOnce((db, id: string, now: string) =>
  db
    .updateTable('payment_intents')
    .set({ status: 'succeeded', last_error: null, open_for_user: null, settled_at: now, updated_at: now })
    .where('id', '=', id)
    .where('settled_at', 'is', null)
    .where((eb) => eb.or([eb('last_error', 'is', null), eb('last_error', 'not like', `${TERMS_REFUND_CLAIM}%`)])),
);

/** Intents of this provider that may still take money without the shop knowing, oldest first. */
export async function listUnsettledIntents(db: Db, provider: string, limit: number): Promise<PaymentIntentRow[]> {
  return db
    .selectFrom('payment_intents')
    .selectAll()
    .where('settled_at', 'is', null)
    .where('provider', '=', provider)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/**
 * Marks these cart entries paid by this payment. An entry paid already (by another payment) is not
 * taken again: answers how many this call marked, so the caller can tell that it was not all.
 */
export async function insertPaidEntries(db: Db, transactionId: string, cartItemIds: string[]): Promise<number> {
  if (cartItemIds.length === 0) return 0;
  return (await paidEntriesInsert(db, cartItemIds.map((id) => ({ cart_item_id: id, transaction_id: transactionId })))).rows.length;
}

const paidEntriesInsert = compiledOnce((db, rows: Array<{ cart_item_id: string; transaction_id: string }>) =>
  db.insertInto('paid_cart_entries').values(rows).onConflict((oc) => oc.column('cart_item_id').doNothing()).returning('cart_item_id'),
);

/** Which of these cart entries a recorded payment has paid for. */
export async function findPaidEntries(db: Db, cartItemIds: string[]): Promise<Array<{ cart_item_id: string; transaction_id: string }>> {
  if (cartItemIds.length === 0) return [];
  return db.selectFrom('paid_cart_entries').selectAll().where('cart_item_id', 'in', cartItemIds).execute();
}

/**
 * Inserts the payment unless one exists for its transaction id (the unique constraint decides,
 * also between two processes at once). Answers true when this call inserted it.
 */
export async function insertPaymentOnce(db: Db, row: PaymentRow): Promise<boolean> {
  return (await paymentInsert(db, row)).rows.length === 1;
}

const paymentInsert = compiledOnce((db, row: PaymentRow) =>
  db.insertInto('payments').values(row).onConflict((oc) => oc.column('transaction_id').doNothing()).returning('id'),
);

export async function findPaymentByTransaction(db: Db, transactionId: string): Promise<PaymentRow | undefined> {
  return (await paymentByTransaction(db, transactionId)).rows[0];
}

const paymentByTransaction = compiledOnce((db, transactionId: string) => db.selectFrom('payments').selectAll().where('transaction_id', '=', transactionId));

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

export async function findSandboxRefund(db: Db, idempotencyKey: string): Promise<SandboxRefundRow | undefined> {
  return db.selectFrom('sandbox_refunds').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

/**
 * The sandbox's refund for an idempotency key: inserted once (the unique key decides), and only
 * while the intent's refunds stay within its amount; answers the key's refund, or undefined when
 * the amount did not fit.
 */
export async function insertSandboxRefundOnce(db: Db, row: SandboxRefundRow, paidCents: number): Promise<SandboxRefundRow | undefined> {
  await db
    .insertInto('sandbox_refunds')
    .columns(['id', 'intent_id', 'amount_cents', 'idempotency_key', 'created_at'])
    .expression(
      db
        .selectNoFrom([
          textParameter(row.id).as('id'),
          textParameter(row.intent_id).as('intent_id'),
          integerParameter(row.amount_cents).as('amount_cents'),
          textParameter(row.idempotency_key).as('idempotency_key'),
          textParameter(row.created_at).as('created_at'),
        ])
        .where(
          sql<boolean>`(select coalesce(sum(amount_cents), 0) from sandbox_refunds where intent_id = ${textParameter(row.intent_id)}) <= ${integerParameter(paidCents - row.amount_cents)}`,
        ),
    )
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
  return db.selectFrom('sandbox_refunds').selectAll().where('idempotency_key', '=', row.idempotency_key).executeTakeFirst();
}

/** A customer's intents that may still take money without the shop knowing (before their account goes). */
export async function listUnsettledIntentsOfUser(db: Db, userId: string): Promise<PaymentIntentRow[]> {
  return db.selectFrom('payment_intents').selectAll().where('user_id', '=', userId).where('settled_at', 'is', null).orderBy('created_at').execute();
}
