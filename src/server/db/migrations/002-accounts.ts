import { sql, type ColumnDataType, type Expression, type Kysely } from 'kysely';
import type { DbKind } from '../database.ts';

/**
 * Accounts: Better Auth's tables, login captchas, rate-limit counters and the signing secret, all
 * in the database so several processes can serve the shop. Better Auth stores instants as the
 * engine's date type on PostgreSQL and ISO text on SQLite; the shop's own tables use ISO text on both.
 */
export function up(kind: DbKind) {
  const instant: ColumnDataType | Expression<unknown> = kind === 'postgres' ? sql`timestamptz` : 'text';
  const flag: ColumnDataType = kind === 'postgres' ? 'boolean' : 'integer';
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('email_verified', flag, (c) => c.notNull().defaultTo(sql`false`))
      .addColumn('image', 'text')
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('user').check(sql`role in ('user', 'admin')`))
      // Set by the first POST /api/users of the web app after sign-up or social sign-in.
      .addColumn('registered_at', 'text')
      .addColumn('created_at', instant, (c) => c.notNull())
      .addColumn('updated_at', instant, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('users_created_idx').on('users').columns(['created_at', 'id']).execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', instant, (c) => c.notNull())
      .addColumn('ip_address', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('created_at', instant, (c) => c.notNull())
      .addColumn('updated_at', instant, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('accounts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('provider_id', 'text', (c) => c.notNull())
      .addColumn('access_token', 'text')
      .addColumn('refresh_token', 'text')
      .addColumn('id_token', 'text')
      .addColumn('access_token_expires_at', instant)
      .addColumn('refresh_token_expires_at', instant)
      .addColumn('scope', 'text')
      .addColumn('password', 'text')
      .addColumn('created_at', instant, (c) => c.notNull())
      .addColumn('updated_at', instant, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('accounts_user_idx').on('accounts').column('user_id').execute();
    await db.schema
      .createIndex('accounts_provider_idx')
      .on('accounts')
      .columns(['provider_id', 'account_id'])
      .execute();

    await db.schema
      .createTable('verifications')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('identifier', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('expires_at', instant, (c) => c.notNull())
      .addColumn('created_at', instant, (c) => c.notNull())
      .addColumn('updated_at', instant, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('verifications_identifier_idx').on('verifications').column('identifier').execute();

    await db.schema
      .createTable('captchas')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('answer', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('captchas_expires_idx').on('captchas').column('expires_at').execute();

    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      // Milliseconds since the epoch: the window's end is compared and computed in SQL.
      .addColumn('reset_at_ms', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('app_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>) => {
    for (const table of ['app_secrets', 'rate_limits', 'captchas', 'verifications', 'accounts', 'sessions', 'users']) {
      await db.schema.dropTable(table).execute();
    }
  };
}
