import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** All SQL of sign-in state that Better Auth does not run itself. */
export async function findSessionWithUser(db: Kysely<Database>, sessionId: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'sessions.expires_at as expiresAt',
      'users.id as userId',
      'users.email',
      'users.name',
      'users.role',
    ])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
}

/** The sessions of these ids that still exist, each with its user's id and role: one query for many. */
export async function findSessionsWithUsers(db: Kysely<Database>, sessionIds: string[]) {
  if (sessionIds.length === 0) return [];
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as sessionId', 'sessions.expires_at as expiresAt', 'users.id as userId', 'users.role'])
    .where('sessions.id', 'in', sessionIds)
    .execute();
}

export function toDate(value: string | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

/** The e-mail a guest gave for its receipt (decision 0047); only a guest's row takes one. */
export async function setGuestEmail(db: Kysely<Database>, userId: string, email: string): Promise<void> {
  await db.updateTable('users').set({ guest_email: email }).where('id', '=', userId).where('role', '=', 'guest').execute();
}
