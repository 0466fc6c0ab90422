import { sql, type Kysely } from 'kysely';
import type { DbKind } from '../database.ts';

/**
 * PostgreSQL: any UPDATE or DELETE on `sessions` or `users`, by whoever (Better Auth, commands, an
 * operator's SQL), notifies `sessions.changed` on commit so every process drops its kept callers
 * (decision 0029). Statement-level; PostgreSQL folds equal notices of a transaction. Nothing on
 * SQLite: its one process watches `PRAGMA data_version` (src/server/db/node-sqlite-dialect.ts).
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
