import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { toDate } from '../auth/session-repository.ts';
import { findLinkToken, insertLinkToken, takeLinkToken } from './account-repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The kinds of link the shop mails itself (Better Auth makes the reset links). */
export type LinkPurpose = 'verify-email' | 'change-email';

/**
 * The shop's own one-time links. Only a hash of the token is stored, so the table read by
 * someone else opens no account; the token itself travels only in the mail.
 */
export function identifierOf(purpose: LinkPurpose, token: string): string {
  return `${purpose}:${createHash('sha256').update(token).digest('base64url')}`;
}

export async function issueLinkToken(db: Db, purpose: LinkPurpose, value: object, lifetimeMs: number, now = new Date()): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await insertLinkToken(db, {
    id: randomUUID(),
    identifier: identifierOf(purpose, token),
    value: JSON.stringify(value),
    expiresAt: new Date(now.getTime() + lifetimeMs).toISOString(),
    now: now.toISOString(),
  });
  return token;
}

/** Uses a link up: answers what it was for, or undefined for a used, expired or unknown one. */
export async function takeLink<T>(db: Db, purpose: LinkPurpose, token: string, now = new Date()): Promise<T | undefined> {
  const row = await takeLinkToken(db, identifierOf(purpose, token));
  if (!row || toDate(row.expires_at).getTime() <= now.getTime()) return undefined;
  return JSON.parse(row.value) as T;
}

/** Better Auth's reset link's row (its token is stored as it is): whose account it resets, if still valid. */
export async function resetLinkUserId(db: Db, token: string, now = new Date()): Promise<string | undefined> {
  const row = await findLinkToken(db, `reset-password:${token}`);
  if (!row || toDate(row.expires_at).getTime() <= now.getTime()) return undefined;
  return row.value;
}
