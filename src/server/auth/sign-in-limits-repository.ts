import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The account's failures so far and until when it waits (0 when it never failed). */
export async function findSignInFailures(db: Kysely<Database>, email: string): Promise<{ failures: number; blockedUntilMs: number } | undefined> {
  const row = await db.selectFrom('sign_in_failures').select(['failures', 'blocked_until_ms']).where('email', '=', email).executeTakeFirst();
  return row && { failures: Number(row.failures), blockedUntilMs: Number(row.blocked_until_ms) };
}

/**
 * One more failure for `email`, counted from one again when the last was before `forgetBeforeMs`;
 * answers the count. One upsert, so two processes counting at once both count.
 */
export async function addSignInFailure(db: Kysely<Database>, email: string, nowMs: number, forgetBeforeMs: number): Promise<number> {
  const row = await db
    .insertInto('sign_in_failures')
    .values({ email, failures: 1, blocked_until_ms: 0, last_failure_ms: nowMs })
    .onConflict((oc) =>
      oc.column('email').doUpdateSet({
        failures: sql<number>`case when sign_in_failures.last_failure_ms < ${forgetBeforeMs} then 1 else sign_in_failures.failures + 1 end`,
        last_failure_ms: nowMs,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return Number(row.failures);
}

export async function setSignInBlockedUntil(db: Kysely<Database>, email: string, blockedUntilMs: number): Promise<void> {
  await db.updateTable('sign_in_failures').set({ blocked_until_ms: blockedUntilMs }).where('email', '=', email).execute();
}

export async function clearSignInFailures(db: Kysely<Database>, email: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('email', '=', email).execute();
}

/** Whether the account of `email` signed in from `address` since `sinceMs`. */
export async function hasSignedInFrom(db: Kysely<Database>, email: string, address: string, sinceMs: number): Promise<boolean> {
  const row = await db
    .selectFrom('sign_in_addresses')
    .innerJoin('users', 'users.id', 'sign_in_addresses.user_id')
    .select('sign_in_addresses.user_id')
    .where('users.email', '=', email)
    .where('sign_in_addresses.address', '=', address)
    .where('sign_in_addresses.last_success_ms', '>=', sinceMs)
    .executeTakeFirst();
  return row !== undefined;
}

export async function rememberSignInAddress(db: Kysely<Database>, userId: string, address: string, nowMs: number): Promise<void> {
  await db
    .insertInto('sign_in_addresses')
    .values({ user_id: userId, address, last_success_ms: nowMs })
    .onConflict((oc) => oc.columns(['user_id', 'address']).doUpdateSet({ last_success_ms: nowMs }))
    .execute();
}

/** Old rows go now and then: failures long forgotten, addresses not used for the remembered time. */
export async function deleteOldSignInRows(db: Kysely<Database>, failuresBeforeMs: number, addressesBeforeMs: number): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('last_failure_ms', '<', failuresBeforeMs).execute();
  await db.deleteFrom('sign_in_addresses').where('last_success_ms', '<', addressesBeforeMs).execute();
}
