import type { Kysely } from 'kysely';

/**
 * A customer's language (issue 44): the one they chose in the header or signed up in, null when
 * neither is known; and each queued mail's language, fixed when it is queued so a mail sent again
 * later reads as it was written.
 */
export function up() {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('users').addColumn('language', 'text').execute();
    await db.schema
      .alterTable('mail_queue')
      .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
      .execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('mail_queue').dropColumn('language').execute();
    await db.schema.alterTable('users').dropColumn('language').execute();
  };
}
