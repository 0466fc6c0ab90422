import { sql, type ColumnDataType, type Kysely } from 'kysely';
import type { DbKind } from '../database.ts';

/**
 * Mail queue and order-mail opt-in (decision 0020). Rows hold template name and data, rendered by
 * the worker at send time, so queueing stays a small write. `dedupe_key` is unique: an event heard
 * by two processes, or replayed, queues one mail. Rows cascade with the account.
 */
export function up(kind: DbKind) {
  const flag: ColumnDataType = kind === 'postgres' ? 'boolean' : 'integer';
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('mail_queue')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('template', 'text', (c) => c.notNull())
      /** JSON: the template's data, links included. */
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'sending', 'sent', 'failed')`))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('claimed_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .execute();
    await db.schema.createIndex('mail_queue_due_idx').on('mail_queue').columns(['status', 'next_attempt_at']).execute();
    await db.schema.createIndex('mail_queue_user_idx').on('mail_queue').column('user_id').execute();

    // Adding a column needs no rebuild of users on SQLite (unlike changing its CHECK in 005).
    await db.schema
      .alterTable('users')
      .addColumn('order_status_mails', flag, (c) => c.notNull().defaultTo(sql`true`))
      .execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('users').dropColumn('order_status_mails').execute();
    await db.schema.dropTable('mail_queue').execute();
  };
}
