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
    })
    .execute();
}

export async function findCaptcha(db: Kysely<Database>, id: string) {
  return db.selectFrom('captchas').select(['answer', 'expires_at']).where('id', '=', id).executeTakeFirst();
}

/** Removes the captcha and answers what it was: the one request that gets it back may use it. */
export async function takeCaptcha(db: Kysely<Database>, id: string) {
  return db.deleteFrom('captchas').where('id', '=', id).returning(['answer', 'expires_at']).executeTakeFirst();
}

export async function deleteCaptcha(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('captchas').where('id', '=', id).execute();
}

export async function deleteExpiredCaptchas(db: Kysely<Database>, now: Date): Promise<void> {
  await db.deleteFrom('captchas').where('expires_at', '<=', now.toISOString()).execute();
}
