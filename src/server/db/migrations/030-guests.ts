import { sql, type Kysely } from 'kysely';
import type { DbKind } from '../database.ts';
import { setRoleCheck } from './005-orders.ts';

/**
 * Guests at the table (decision 0047): the role `guest`, Better Auth's anonymous plugin's
 * `is_anonymous` flag, which it reads to link a guest to the account made later, and the e-mail a
 * guest may give for the receipt (apart from `email`, which is unique and the plugin's placeholder).
 */
export function up(kind: DbKind) {
  return async (db: Kysely<unknown>) => {
    await setRoleCheck(db, kind, ['user', 'staff', 'admin', 'guest']);
    await db.schema.alterTable('users').addColumn('is_anonymous', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
    await db.schema.alterTable('users').addColumn('guest_email', 'text').execute();
  };
}

export function down(kind: DbKind) {
  return async (db: Kysely<unknown>) => {
    await sql`delete from users where role = 'guest'`.execute(db);
    await db.schema.alterTable('users').dropColumn('guest_email').execute();
    await db.schema.alterTable('users').dropColumn('is_anonymous').execute();
    await setRoleCheck(db, kind, ['user', 'staff', 'admin']);
  };
}
