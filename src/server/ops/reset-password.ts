import { randomBytes } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import type { Kysely } from 'kysely';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../shared/auth-constants.ts';
import { weakPasswordReason } from '../auth/password-strength.ts';
import type { Database } from '../db/schema.ts';

export class PasswordRefused extends Error {}

/**
 * `npm run admin:password`: sets a password (sign-up's rules, or 120 random bits) and ends every
 * session and its bearer tokens. Uses Better Auth's own hash so sign-in checks it normally; a
 * social-only account gets a password account beside it. Undefined when no account has the e-mail.
 */
export async function resetPassword(
  db: Kysely<Database>,
  email: string,
  given?: string,
): Promise<{ password: string; generated: boolean; sessionsEnded: number } | undefined> {
  const user = await db.selectFrom('users').select(['id', 'name', 'email']).where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  if (!user) return undefined;
  if (given !== undefined) {
    if (given.length < PASSWORD_MIN || given.length > PASSWORD_MAX) throw new PasswordRefused(`A password has ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`);
    const weak = await weakPasswordReason(given, [user.name, user.email]);
    if (weak) throw new PasswordRefused(weak);
  }
  const password = given ?? randomBytes(15).toString('base64url');
  const hash = await hashPassword(password);
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('accounts')
      .set({ password: hash, updated_at: now })
      .where('user_id', '=', user.id)
      .where('provider_id', '=', 'credential')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await trx
        .insertInto('accounts')
        .values({
          id: randomBytes(16).toString('base64url'),
          user_id: user.id,
          account_id: user.id,
          provider_id: 'credential',
          password: hash,
          access_token: null,
          refresh_token: null,
          id_token: null,
          access_token_expires_at: null,
          refresh_token_expires_at: null,
          scope: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const ended = await trx.deleteFrom('sessions').where('user_id', '=', user.id).executeTakeFirst();
    return { password, generated: given === undefined, sessionsEnded: Number(ended.numDeletedRows) };
  });
}
