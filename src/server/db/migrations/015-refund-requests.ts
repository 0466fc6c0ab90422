import { sql, type Kysely } from 'kysely';
import type { DbKind } from '../database.ts';

/**
 * Refund requests (docs/security.md, "A refund asked for is never lost"): a reject or cancel writes
 * the request in the order's own transaction, and a worker carries it out, so a process that dies
 * in between leaves a row that the next look asks again. The sandbox's ledger is keyed by the
 * request's idempotency key instead of the intent, so that later partial refunds can reuse it.
 */
export function up(kind: DbKind) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('refund_requests')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('transaction_id', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
      // What the provider is asked with: the same request asked twice is one refund.
      .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'asking', 'submitted', 'succeeded', 'failed')`))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('claimed_at', 'text')
      .addColumn('provider_refund_id', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('refund_requests_due_idx').on('refund_requests').columns(['status', 'next_attempt_at']).execute();
    await db.schema.createIndex('refund_requests_order_idx').on('refund_requests').columns(['order_id', 'created_at']).execute();

    // How many refund requests the order has had: its view's refund names its attempt (a retry).
    await db.schema.alterTable('orders').addColumn('refund_attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();

    // Refunds left pending by a process that died before asking: asked again with the key the shop
    // used then (Stripe's was per intent), so one that did reach the provider is answered, not repeated.
    const now = new Date().toISOString();
    await sql`insert into refund_requests (id, order_id, transaction_id, amount_cents, idempotency_key, status, attempts, next_attempt_at, created_at, updated_at)
      select 'rr-' || id, id, transaction_id, coalesce(refund_cents, total_cents), 'refund-' || transaction_id, 'queued', 0, ${now}, ${now}, ${now}
      from orders where refund_status = 'pending' and coalesce(refund_cents, total_cents) > 0`.execute(db);
    await sql`update orders set refund_attempts = 1 where refund_status is not null`.execute(db);

    await rebuildSandboxRefunds(db, kind, 'key');
  };
}

export function down(kind: DbKind) {
  return async (db: Kysely<unknown>) => {
    await rebuildSandboxRefunds(db, kind, 'intent');
    await db.schema.alterTable('orders').dropColumn('refund_attempts').execute();
    await db.schema.dropTable('refund_requests').execute();
  };
}

/**
 * The sandbox's ledger, unique by idempotency key ('key') or, as before, by intent ('intent').
 * SQLite cannot drop a column's UNIQUE, so the small table is copied on both engines alike.
 */
async function rebuildSandboxRefunds(db: Kysely<unknown>, _kind: DbKind, unique: 'key' | 'intent'): Promise<void> {
  await db.schema
    .createTable('sandbox_refunds_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('intent_id', 'text', (c) => {
      const column = c.notNull().references('payment_intents.id').onDelete('cascade');
      return unique === 'intent' ? column.unique() : column;
    })
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .$call((t) => (unique === 'key' ? t.addColumn('idempotency_key', 'text', (c) => c.notNull().unique()) : t))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  if (unique === 'key') {
    await sql`insert into sandbox_refunds_next (id, intent_id, amount_cents, idempotency_key, created_at)
      select id, intent_id, amount_cents, 'refund-' || intent_id, created_at from sandbox_refunds`.execute(db);
  } else {
    // Going back keeps the first refund of each intent (the old ledger held one).
    await sql`insert into sandbox_refunds_next (id, intent_id, amount_cents, created_at)
      select id, intent_id, amount_cents, created_at from sandbox_refunds s
      where not exists (select 1 from sandbox_refunds e where e.intent_id = s.intent_id and (e.created_at < s.created_at or (e.created_at = s.created_at and e.id < s.id)))`.execute(db);
  }
  await db.schema.dropTable('sandbox_refunds').execute();
  await db.schema.alterTable('sandbox_refunds_next').renameTo('sandbox_refunds').execute();
  await db.schema.createIndex(`sandbox_refunds_intent_idx_${unique}`).on('sandbox_refunds').column('intent_id').execute();
}
