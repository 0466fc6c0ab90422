import type { Kysely } from 'kysely';

/**
 * Sign-in limits per account (docs/decisions/0043-sign-in-limits.md): the consecutive failures of
 * each e-mail address tried, whether or not it has an account; the addresses (an IPv6 /64 as one)
 * each account signed in from, which pass its back-off; and the address a captcha was mailed to.
 */
export function up() {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('sign_in_failures')
      .addColumn('email', 'text', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull())
      // Milliseconds since the epoch, compared and computed in SQL like rate_limits.reset_at_ms.
      .addColumn('blocked_until_ms', 'bigint', (c) => c.notNull())
      .addColumn('last_failure_ms', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sign_in_addresses')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('last_success_ms', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('sign_in_addresses_pk', ['user_id', 'address'])
      .execute();
    await db.schema.alterTable('captchas').addColumn('mailed_to', 'text').execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('captchas').dropColumn('mailed_to').execute();
    await db.schema.dropTable('sign_in_addresses').execute();
    await db.schema.dropTable('sign_in_failures').execute();
  };
}
