import { sql, type Kysely } from 'kysely';

/**
 * Partial refunds (docs/product.md, "Refunds"): an order may have several refund requests, each of
 * an amount or of chosen lines (`lines`, JSON), made by a move of staff ('order') or by an
 * administrator ('admin'). The order keeps what the provider confirmed it gave back, summed and
 * counted, so that the statistics and the CSV read one row per order.
 */
export function up() {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('refund_requests').addColumn('lines', 'text').execute();
    await db.schema.alterTable('refund_requests').addColumn('origin', 'text', (c) => c.notNull().defaultTo('order')).execute();
    await db.schema.alterTable('orders').addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('orders').addColumn('refunds_made', 'integer', (c) => c.notNull().defaultTo(0)).execute();

    // Refunds settled before requests existed (migration 015 wrote rows only for pending ones):
    // one request each, so that "what is left to refund" counts them.
    const now = new Date().toISOString();
    await sql`insert into refund_requests (id, order_id, transaction_id, amount_cents, idempotency_key, status, attempts, next_attempt_at, created_at, updated_at)
      select 'rr-' || o.id, o.id, o.transaction_id, coalesce(o.refund_cents, o.total_cents), 'refund-' || o.transaction_id, o.refund_status, 1, ${now}, o.updated_at, o.updated_at
      from orders o
      where o.refund_status in ('succeeded', 'failed') and coalesce(o.refund_cents, o.total_cents) > 0
        and not exists (select 1 from refund_requests r where r.order_id = o.id)`.execute(db);
    await sql`update orders set
      refunded_cents = coalesce((select sum(r.amount_cents) from refund_requests r where r.order_id = orders.id and r.status = 'succeeded'), 0),
      refunds_made = (select count(*) from refund_requests r where r.order_id = orders.id and r.status = 'succeeded')
      where refund_status is not null`.execute(db);
  };
}

export function down() {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('orders').dropColumn('refunds_made').execute();
    await db.schema.alterTable('orders').dropColumn('refunded_cents').execute();
    await db.schema.alterTable('refund_requests').dropColumn('origin').execute();
    await db.schema.alterTable('refund_requests').dropColumn('lines').execute();
  };
}
