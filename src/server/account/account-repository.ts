import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** All SQL of the account pages that Better Auth does not run itself. */

export async function findProfileRow(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'email_verified', 'role', 'order_status_mails', 'language', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The account's ways of signing in: 'credential' (a password, with its hash) and social providers. */
export async function listSignInAccounts(db: Db, userId: string) {
  return db.selectFrom('accounts').select(['id', 'provider_id', 'password']).where('user_id', '=', userId).execute();
}

export async function insertCredentialAccount(db: Db, row: { id: string; userId: string; passwordHash: string; now: string }): Promise<void> {
  await db
    .insertInto('accounts')
    .values({
      id: row.id,
      user_id: row.userId,
      account_id: row.userId,
      provider_id: 'credential',
      password: row.passwordHash,
      access_token: null,
      refresh_token: null,
      id_token: null,
      access_token_expires_at: null,
      refresh_token_expires_at: null,
      scope: null,
      created_at: row.now,
      updated_at: row.now,
    })
    .execute();
}

export async function isEmailVerified(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('email_verified').where('id', '=', userId).executeTakeFirst();
  return Boolean(row?.email_verified);
}

/** Marks the address verified, only while the account still has that address. */
export async function markEmailVerified(db: Db, userId: string, email: string, now: string): Promise<number> {
  const result = await db
    .updateTable('users')
    .set({ email_verified: sql<boolean>`true`, updated_at: now })
    .where('id', '=', userId)
    .where('email', '=', email)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').select(['id', 'name', 'email']).where('email', '=', email).executeTakeFirst();
}

/** A new address, verified by the link that confirmed it. */
export async function setEmail(db: Db, userId: string, email: string, now: string): Promise<void> {
  await db.updateTable('users').set({ email, email_verified: sql<boolean>`true`, updated_at: now }).where('id', '=', userId).execute();
}

export async function setOrderStatusMails(db: Db, userId: string, on: boolean, now: string): Promise<void> {
  await db.updateTable('users').set({ order_status_mails: sql<boolean>`${sql.lit(on)}`, updated_at: now }).where('id', '=', userId).execute();
}

export async function setLanguage(db: Db, userId: string, language: string, now: string): Promise<void> {
  await db.updateTable('users').set({ language, updated_at: now }).where('id', '=', userId).execute();
}

// Links sent by mail ------------------------------------------------------------------------

/** Better Auth's table of one-time values: `identifier` names the link, `value` what it is for. */
export async function insertLinkToken(db: Db, row: { id: string; identifier: string; value: string; expiresAt: string; now: string }): Promise<void> {
  await db
    .insertInto('verifications')
    .values({ id: row.id, identifier: row.identifier, value: row.value, expires_at: row.expiresAt, created_at: row.now, updated_at: row.now })
    .execute();
}

export async function findLinkToken(db: Db, identifier: string) {
  return db.selectFrom('verifications').select(['value', 'expires_at']).where('identifier', '=', identifier).executeTakeFirst();
}

/** Removes the link's row and answers what it held: of two uses at once, one gets it. */
export async function takeLinkToken(db: Db, identifier: string) {
  return db.deleteFrom('verifications').where('identifier', '=', identifier).returning(['value', 'expires_at']).executeTakeFirst();
}

/** Earlier unused links of a kind for the account (a newer one replaces them). */
export async function deleteLinkTokensOf(db: Db, identifierPrefix: string, userId: string): Promise<void> {
  await db
    .deleteFrom('verifications')
    .where('identifier', 'like', `${identifierPrefix}%`)
    .where('value', 'like', `%"userId":${JSON.stringify(userId)}%`)
    .execute();
}

// Signed-in devices -------------------------------------------------------------------------

export async function listSessionsOf(db: Db, userId: string, now: Date) {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'ip_address', 'user_agent', 'created_at', 'updated_at', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .execute();
  // Instants are Date on PostgreSQL and text on SQLite (Better Auth's adapter): compared in code.
  return rows.filter((row) => new Date(row.expires_at).getTime() > now.getTime());
}

export async function deleteOtherSessions(db: Db, userId: string, keepSessionId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '<>', keepSessionId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

// Erasure -----------------------------------------------------------------------------------

/** The account's payment intents the shop is still owed a word on by the provider (unsettled). */
export async function countUnsettledIntentsOf(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('payment_intents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('settled_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countOpenOrdersOf(db: Db, userId: string, finalStatuses: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', 'not in', [...finalStatuses])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listOrderFulfilmentsOf(db: Db, userId: string) {
  return db.selectFrom('orders').select(['id', 'fulfilment']).where('user_id', '=', userId).execute();
}

/** An order kept for the books without who ordered it: no name, e-mail, phone, address or note. */
export async function eraseOrderCustomer(db: Db, orderId: string, fulfilment: string, name: string, now: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ customer_name: name, customer_email: '', fulfilment, note: null, user_id: null, updated_at: now })
    .where('id', '=', orderId)
    .execute();
}

export async function erasePaymentsOf(db: Db, userId: string, name: string): Promise<void> {
  await db.updateTable('payments').set({ name, email: '', user_id: null }).where('user_id', '=', userId).execute();
}

/** The timeline keeps that a staff member made a change, not who they were. */
export async function eraseStaffNameOf(db: Db, userId: string, name: string): Promise<void> {
  await db.updateTable('order_events').set({ by_name: name, by_user_id: null }).where('by_user_id', '=', userId).execute();
}

/** One-time links of the account: Better Auth's reset links hold its id, the shop's its id in JSON. */
export async function deleteLinkTokensOfUser(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom('verifications')
    .where((eb) => eb.or([eb('value', '=', userId), eb('value', 'like', `%"userId":${JSON.stringify(userId)}%`)]))
    .execute();
}

/** The account itself: its sessions, sign-in accounts, cart, intents and queued mails go with it (foreign keys). */
export async function deleteUserRow(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Guests begun before `before` (ISO) who never paid: the clean-up's (decision 0047). */
export async function listIdleGuests(db: Db, before: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('users.id')
    .where('users.role', '=', 'guest')
    .where('users.created_at', '<', before)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('payments').select('payments.id').whereRef('payments.user_id', '=', 'users.id'))))
    .execute();
  return rows.map((row) => row.id);
}

/**
 * A guest's orders and payments, and its closed intents, become the account's (decision 0047), the
 * account's address on them in place of the guest's placeholder. Only a guest's rows move: the
 * caller passes the id Better Auth's anonymous plugin linked, and this checks it is a guest's.
 */
export async function moveGuestOrders(db: Db, guestId: string, user: { id: string; email: string }): Promise<number> {
  const guest = await db.selectFrom('users').select('id').where('id', '=', guestId).where('role', '=', 'guest').executeTakeFirst();
  if (!guest) return 0;
  const moved = await db.updateTable('orders').set({ user_id: user.id, customer_email: user.email }).where('user_id', '=', guestId).executeTakeFirst();
  await db.updateTable('payments').set({ user_id: user.id, email: user.email }).where('user_id', '=', guestId).execute();
  // An open intent stays the guest's: the account may have one of its own (one per customer).
  await db.updateTable('payment_intents').set({ user_id: user.id }).where('user_id', '=', guestId).where('open_for_user', 'is', null).execute();
  return Number(moved.numUpdatedRows);
}
