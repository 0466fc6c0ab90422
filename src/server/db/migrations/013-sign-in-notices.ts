import { sql, type Kysely } from 'kysely';
import type { DbKind } from '../database.ts';

/**
 * PostgreSQL: every statement that updates or deletes rows of `sessions` or `users` notifies the
 * event bus's channel with `sessions.changed`, delivered when its transaction commits, to every
 * shop process, whoever wrote it: Better Auth (a sign-out, a password change or reset that ends
 * sessions, a changed name or e-mail, a deleted account), the shop's own code (a role given by an
 * administrator), `npm run admin:promote` or `admin:password`, an operator's SQL. Each process then
 * forgets the callers it had kept (src/server/auth/session-cache.ts, decision 0029). A statement
 * trigger: one notice per statement, and PostgreSQL folds equal notices of one transaction into one.
 *
 * SQLite has one shop process and no notices between processes: the shop watches `PRAGMA
 * data_version` for writes by another connection instead (src/server/db/database.ts), so
 * nothing is created there.
 */
const NOTICE = JSON.stringify({ name: 'sessions.changed', payload: {} });

export function up(kind: DbKind) {
  return async (db: Kysely<unknown>) => {
    if (kind !== 'postgres') return;
    await sql
      .raw(
        `create function shop_sign_in_changed() returns trigger language plpgsql as $$
         begin
           perform pg_notify('shop_events', '${NOTICE}');
           return null;
         end $$`,
      )
      .execute(db);
    for (const table of ['sessions', 'users']) {
      await sql.raw(`create trigger ${table}_sign_in_changed after update or delete on ${table} for each statement execute function shop_sign_in_changed()`).execute(db);
    }
  };
}

export function down(kind: DbKind) {
  return async (db: Kysely<unknown>) => {
    if (kind !== 'postgres') return;
    for (const table of ['sessions', 'users']) await sql.raw(`drop trigger ${table}_sign_in_changed on ${table}`).execute(db);
    await sql.raw('drop function shop_sign_in_changed()').execute(db);
  };
}
