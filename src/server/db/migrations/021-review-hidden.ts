import { sql, type Kysely } from 'kysely';

/**
 * A review the owner hid from the public list (issue 43, point 9): kept, and shown again with one
 * press; a 0/1 integer like menu_items.hidden, so both engines compare it alike.
 */
export function up() {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .alterTable('reviews')
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0).check(sql`hidden in (0, 1)`))
      .execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('reviews').dropColumn('hidden').execute();
  };
}
