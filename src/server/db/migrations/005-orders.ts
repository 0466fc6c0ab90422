import { sql, type Kysely } from 'kysely';
import type { DbKind } from '../database.ts';

/**
 * Orders (decision 0017): staff role, fulfilment, orders, their timeline and counter rows.
 * SQLite cannot change 002's users.role CHECK, so the table is rebuilt with foreign keys off
 * (dropping `users` with them on would cascade to every session, cart entry and intent). The
 * pragma works only because Kysely runs SQLite migrations outside a transaction; the copy is one
 * transaction checked with foreign_key_check (test/migration-staff-role.test.ts).
 */
export function up(kind: DbKind) {
  return async (db: Kysely<unknown>) => {
    await setRoleCheck(db, kind, ['user', 'staff', 'admin']);

    // The fulfilment the customer chose at checkout (JSON), kept until the order is made from it.
    await db.schema.alterTable('payment_intents').addColumn('fulfilment', 'text').execute();

    // The sandbox provider's own ledger of refunds (Stripe keeps Stripe's): one per intent.
    await db.schema
      .createTable('sandbox_refunds')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('intent_id', 'text', (c) => c.notNull().unique().references('payment_intents.id').onDelete('cascade'))
      .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('order_counters')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'integer', (c) => c.notNull())
      .execute();
    // 'order_number': the last number given (the first order is #1001). 'order_event': updated by
    // every transaction that writes to the timeline, so that those transactions commit in the
    // order of their event ids (see the decision record).
    await db
      .insertInto('order_counters' as never)
      .values([
        { name: 'order_number', value: 1000 },
        { name: 'order_event', value: 0 },
      ] as never)
      .execute();

    await db.schema
      .createTable('orders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('number', 'integer', (c) => c.notNull().unique())
      // One order per intent, however many confirmations arrive.
      .addColumn('transaction_id', 'text', (c) => c.notNull().unique().references('payments.transaction_id'))
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('customer_name', 'text', (c) => c.notNull())
      .addColumn('customer_email', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('fulfilment_type', 'text', (c) => c.notNull())
      /** JSON: the fulfilment as answered (table, pickupAt, address, phone), without the note. */
      .addColumn('fulfilment', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      /** JSON: the lines as paid (dish id, name, unit cents, quantity). */
      .addColumn('lines', 'text', (c) => c.notNull())
      .addColumn('total_cents', 'integer', (c) => c.notNull().check(sql`total_cents >= 0`))
      .addColumn('ready_by', 'text')
      .addColumn('reason', 'text')
      .addColumn('refund_status', 'text')
      .addColumn('refund_cents', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();
    await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('order_events')
      .addColumn('id', 'integer', (c) =>
        kind === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
      )
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      /** 'status' (a timeline entry) or 'refund' (the refund's status changed; not in the timeline). */
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      /** The staff member's name as it was: the timeline keeps who did it after a rename or deletion. */
      .addColumn('by_name', 'text')
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_events_order_idx').on('order_events').columns(['order_id', 'id']).execute();
  };
}

export function down(kind: DbKind) {
  return async (db: Kysely<unknown>) => {
    for (const table of ['order_events', 'orders', 'order_counters', 'sandbox_refunds']) await db.schema.dropTable(table).execute();
    await db.schema.alterTable('payment_intents').dropColumn('fulfilment').execute();
    await sql`update users set role = 'user' where role = 'staff'`.execute(db);
    await setRoleCheck(db, kind, ['user', 'admin']);
  };
}

/** Also migration 030's: the one place that knows how to change the users.role CHECK on both databases. */
export async function setRoleCheck(db: Kysely<unknown>, kind: DbKind, roles: string[]): Promise<void> {
  const checkText = `check (role in (${roles.map((r) => `'${r}'`).join(', ')}))`;
  const check = sql.raw(checkText);
  if (kind === 'postgres') {
    const { rows } = await sql<{ conname: string }>`
      select conname from pg_constraint
      where conrelid = 'users'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%role%'`.execute(db);
    for (const { conname } of rows) await sql`alter table users drop constraint ${sql.id(conname)}`.execute(db);
    await sql`alter table users add constraint users_role_check ${check}`.execute(db);
    return;
  }
  const { rows } = await sql<{ type: string; sql: string }>`
    select type, sql from sqlite_schema where tbl_name = 'users' and sql is not null`.execute(db);
  const table = rows.find((r) => r.type === 'table')?.sql;
  const roleCheck = /check \(role in \([^)]*\)\)/i;
  if (!table || !roleCheck.test(table)) throw new Error('users table without the role check it should have');
  const created = table.replace(/^create table "?users"?/i, 'create table "users_new"').replace(roleCheck, checkText);
  const indexes = rows.filter((r) => r.type === 'index').map((r) => r.sql);

  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(created).execute(trx);
      await sql`insert into users_new select * from users`.execute(trx);
      await sql`drop table users`.execute(trx);
      await sql`alter table users_new rename to users`.execute(trx);
      for (const index of indexes) await sql.raw(index).execute(trx);
      const { rows: broken } = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.length > 0) throw new Error(`rebuilding users would break ${broken.length} references`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
