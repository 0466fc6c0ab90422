import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The secret that signs session cookies and access tokens. AUTH_SECRET wins; without it the first
 * process to start generates one and keeps it in the database, where every later process (and
 * every other process of a scaled-out shop) reads the same value. Insert-or-keep makes the race
 * of two processes starting at once harmless.
 */
export async function resolveAuthSecret(db: Kysely<Database>, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insertInto('app_secrets')
    .values({ name: 'auth', value: randomBytes(32).toString('base64url'), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', 'auth').executeTakeFirstOrThrow();
  return row.value;
}
