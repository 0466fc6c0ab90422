import { sql, type Kysely } from 'kysely';
import type { Role } from '../../shared/roles.ts';
import type { Database } from '../db/schema.ts';

/* All SQL of the users feature (Better Auth runs its own for sign-up and sign-in). */

/** `%` and `_` typed into the search are letters, not LIKE's wildcards. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of the users (not guests) whose name or e-mail holds `q` (any case), and how many match in all. */
export async function searchUsers(db: Kysely<Database>, q: string, offset: number, limit: number | undefined) {
  // Guests at a table are not accounts to manage: they go within a day (decision 0047).
  let matches = db.selectFrom('users').where('role', '!=', 'guest');
  if (q !== '') {
    const pattern = likePattern(q);
    matches = matches.where((eb) =>
      eb.or([sql<boolean>`lower(${eb.ref('name')}) like ${pattern} escape '\\'`, sql<boolean>`lower(${eb.ref('email')}) like ${pattern} escape '\\'`]),
    );
  }
  let rows = matches.select(['id', 'name', 'email', 'role']).orderBy('created_at').orderBy('id');
  // SQLite takes an OFFSET only after a LIMIT: without one, the whole list.
  if (limit !== undefined) rows = rows.limit(limit).offset(offset);
  const [list, count] = await Promise.all([rows.execute(), matches.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()]);
  return { rows: list, total: Number(count.n) };
}

export async function findUserById(db: Kysely<Database>, id: string) {
  return db.selectFrom('users').select(['id', 'name', 'email', 'role', 'registered_at']).where('id', '=', id).executeTakeFirst();
}

/** Sets registered_at once; answers whether this call was the one that set it. */
export async function markRegistered(db: Kysely<Database>, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ registered_at: now.toISOString() })
    .where('id', '=', id)
    .where('registered_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function promoteToAdmin(db: Kysely<Database>, id: string): Promise<number> {
  const result = await db
    .updateTable('users')
    .set({ role: 'admin', updated_at: updatedAtNow() })
    .where('id', '=', id)
    .where('role', '<>', 'admin')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Sets a role unless the user is an administrator (an administrator is never demoted this way). */
export async function setRoleUnlessAdmin(db: Kysely<Database>, id: string, role: Exclude<Role, 'admin'>): Promise<number> {
  const result = await db
    .updateTable('users')
    .set({ role, updated_at: updatedAtNow() })
    .where('id', '=', id)
    .where('role', '<>', 'admin')
    .where('role', '<>', role)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function countAdmins(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setRoleByEmail(db: Kysely<Database>, email: string, role: Role): Promise<number> {
  const result = await db
    .updateTable('users')
    .set({ role, updated_at: updatedAtNow() })
    .where('email', '=', email)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** ISO text: SQLite stores it as is, PostgreSQL reads it into its timestamptz column. */
function updatedAtNow(): string {
  return new Date().toISOString();
}
