import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export async function insertCaptcha(
  db: Kysely<Database>,
  captcha: { id: string; answer: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db
    .insertInto('captchas')
    .values({
      id: captcha.id,
      answer: captcha.answer,
      expires_at: captcha.expiresAt.toISOString(),
      created_at: captcha.createdAt.toISOString(),
      mailed_to: null,
    })
    .execute();
}

export async function findCaptcha(db: Kysely<Database>, id: string) {
  return db.selectFrom('captchas').select(['answer', 'expires_at']).where('id', '=', id).executeTakeFirst();
}

/** Removes the captcha and answers what it was: the one request that gets it back may use it. */
export async function takeCaptcha(db: Kysely<Database>, id: string) {
  return db.deleteFrom('captchas').where('id', '=', id).returning(['answer', 'expires_at', 'mailed_to']).executeTakeFirst();
}

/**
 * Binds an unexpired captcha to the address its characters are mailed to, unless it is bound to
 * another already; answers the characters, or undefined when there is no such captcha to mail.
 */
export async function bindCaptchaToEmail(db: Kysely<Database>, id: string, email: string, now: Date): Promise<string | undefined> {
  const row = await db
    .updateTable('captchas')
    .set({ mailed_to: email })
    .where('id', '=', id)
    .where('expires_at', '>', now.toISOString())
    .where((eb) => eb.or([eb('mailed_to', 'is', null), eb('mailed_to', '=', email)]))
    .returning('answer')
    .executeTakeFirst();
  return row?.answer;
}

export async function deleteCaptcha(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('captchas').where('id', '=', id).execute();
}

export async function deleteExpiredCaptchas(db: Kysely<Database>, now: Date): Promise<void> {
  await db.deleteFrom('captchas').where('expires_at', '<=', now.toISOString()).execute();
}
