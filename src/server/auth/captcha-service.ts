import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CAPTCHA_LENGTH, type Captcha } from '../../shared/auth.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { renderCaptcha } from './captcha-image.ts';
import { bindCaptchaToEmail, deleteCaptcha, deleteExpiredCaptchas, findCaptcha, insertCaptcha, takeCaptcha } from './captcha-repository.ts';

/**
 * Letters and digits a person cannot mistake for another, turned and on a busy picture. Both sides
 * of 0/O/Q, 1/I/L/7, 5/S and 2/Z are left out, not one, since someone who reads a 7 as a 1 types
 * the 1, and U/V both go; of 8/B and 6/G the digit stays (docs/decisions/0020-mail-and-accounts.md).
 */
export const CAPTCHA_ALPHABET = 'ACDEFHJKMNPRTWXY34689';
/**
 * A day: longer than WCAG 2.2.1's twenty hours, so that no one loses the picture while reading or
 * typing (docs/decisions/0031-wcag-gaps-captcha-timing-hover.md). A captcha is single-use and
 * new ones are rate-limited, so its lifetime gives a guesser nothing.
 */
export const CAPTCHA_LIFETIME_MS = 24 * 60 * 60 * 1000;

export class CaptchaInvalidError extends HttpError {
  constructor() {
    super(400, 'CAPTCHA_INVALID', 'The captcha was wrong or has expired. Type the characters of the new picture.', {
      captchaAnswer: ['The captcha was wrong or has expired'],
    });
  }
}

/**
 * Captchas of the login page, kept in the database so any process can check them. A captcha is
 * good for one sign-in within a day; a wrong answer, to the check or at sign-in, uses it
 * up, so guessing means asking for a new picture each time (and that is rate-limited).
 */
export class CaptchaService {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async create(now = new Date()): Promise<Captcha> {
    const answer = Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join('');
    const id = randomBytes(16).toString('base64url');
    const expiresAt = new Date(now.getTime() + CAPTCHA_LIFETIME_MS);
    await deleteExpiredCaptchas(this.db, now);
    await insertCaptcha(this.db, { id, answer, expiresAt, createdAt: now });
    const png = await renderCaptcha(answer);
    return { id, image: `data:image/png;base64,${png.toString('base64')}`, expiresAt: expiresAt.toISOString() };
  }

  /** The check when the pointer leaves the field: a right answer keeps the captcha for sign-in. */
  async check(id: string, answer: string, now = new Date()): Promise<boolean> {
    const row = await findCaptcha(this.db, id);
    const valid = row !== undefined && isUnexpired(row.expires_at, now) && matches(row.answer, answer);
    if (!valid && row) await deleteCaptcha(this.db, id);
    return valid;
  }

  /**
   * The accessible alternative (docs/decisions/0043-sign-in-limits.md): the characters go by mail
   * to the account being signed in to, never in an answer, so a script cannot read them. From
   * then on the captcha signs in only that address. Answers the characters to mail, or undefined
   * for an unknown or expired captcha, or one already mailed to another address.
   */
  async bindToEmail(id: string, email: string, now = new Date()): Promise<string | undefined> {
    return bindCaptchaToEmail(this.db, id, email, now);
  }

  /**
   * At sign-in: the captcha is used up whatever the answer; throws when it was not right, or was
   * mailed to another address than the one signing in. Says whether it was mailed to this one.
   */
  async consume(id: string, answer: string, email: string, now = new Date()): Promise<{ mailedToAccount: boolean }> {
    const row = await takeCaptcha(this.db, id);
    if (!row || !isUnexpired(row.expires_at, now) || !matches(row.answer, answer)) throw new CaptchaInvalidError();
    if (row.mailed_to !== null && row.mailed_to !== email) throw new CaptchaInvalidError();
    return { mailedToAccount: row.mailed_to === email };
  }
}

function isUnexpired(expiresAt: string, now: Date): boolean {
  return new Date(expiresAt).getTime() > now.getTime();
}

/** Letters in either case count: the picture's letters are capitals, typing them is enough. */
function matches(expected: string, given: string): boolean {
  const a = Buffer.from(expected.toUpperCase());
  const b = Buffer.from(given.trim().toUpperCase());
  return a.length === b.length && timingSafeEqual(a, b);
}
