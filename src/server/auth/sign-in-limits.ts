import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { TooManyRequestsError } from '../http/errors.ts';
import {
  addSignInFailure,
  clearSignInFailures,
  deleteOldSignInRows,
  findSignInFailures,
  hasSignedInFrom,
  rememberSignInAddress,
  setSignInBlockedUntil,
} from './sign-in-limits-repository.ts';
import { say } from '../i18n/wording.ts';

/** The first wait once the free failures are spent; each further failure doubles it, up to the cap. */
const FIRST_WAIT_MS = 15_000;
/** Failures this long ago are forgotten: the count starts again. */
const FORGET_AFTER_MS = 24 * 60 * 60_000;
/** An address the account signed in from keeps passing its back-off this long after. */
const KNOWN_ADDRESS_MS = 180 * 24 * 60 * 60_000;

/** How a sign-in may pass an account's back-off (docs/decisions/0043-sign-in-limits.md). */
export interface SignInPass {
  /** The client address as the limits count it (client-address.ts). */
  address: string;
  /** The captcha's characters were mailed to this very account's address. */
  captchaMailedToAccount: boolean;
}

/**
 * The per-account limit of sign-in (docs/decisions/0043-sign-in-limits.md): after a few free
 * failures in a row, from whatever addresses, the account waits before its password is checked
 * again, 15 s doubling to a cap of a few minutes. The owner is not held: an address the account
 * signed in from before, or a captcha mailed to the account, passes. State in the database.
 */
export class SignInLimits {
  private readonly db: Kysely<Database>;
  private readonly freeFailures: number;
  private readonly maxWaitMs: number;

  constructor(db: Kysely<Database>, config: Config) {
    this.db = db;
    this.freeFailures = config.SIGN_IN_FREE_FAILURES;
    this.maxWaitMs = config.SIGN_IN_BACKOFF_MAX_SECONDS * 1000;
  }

  /** Before the password is checked: a 429 with Retry-After while the account waits and this sign-in does not pass. */
  async assertAllowed(email: string, pass: SignInPass, nowMs = Date.now()): Promise<void> {
    const state = await findSignInFailures(this.db, email);
    if (!state || state.blockedUntilMs <= nowMs) return;
    if (pass.captchaMailedToAccount) return;
    if (await hasSignedInFrom(this.db, email, pass.address, nowMs - KNOWN_ADDRESS_MS)) return;
    const seconds = Math.ceil((state.blockedUntilMs - nowMs) / 1000);
    throw new TooManyRequestsError(seconds, say('error.auth.signInBackoff', { seconds }), 'SIGN_IN_BACKOFF');
  }

  /** A wrong password (or no such account: both count alike, so the limit tells nobody which). */
  async failed(email: string, nowMs = Date.now()): Promise<void> {
    const failures = await addSignInFailure(this.db, email, nowMs, nowMs - FORGET_AFTER_MS);
    if (failures >= this.freeFailures) await setSignInBlockedUntil(this.db, email, nowMs + this.waitAfter(failures));
    if (Math.random() < 0.01) await deleteOldSignInRows(this.db, nowMs - FORGET_AFTER_MS, nowMs - KNOWN_ADDRESS_MS);
  }

  /** The owner is in: the count starts again, and this address passes the back-off from now on. */
  async succeeded(email: string, userId: string, address: string, nowMs = Date.now()): Promise<void> {
    await clearSignInFailures(this.db, email);
    await rememberSignInAddress(this.db, userId, address, nowMs);
  }

  /** 15 s after the last free failure, doubling with each next one, never more than the cap. */
  waitAfter(failures: number): number {
    const doublings = Math.min(failures - this.freeFailures, 20);
    return Math.min(FIRST_WAIT_MS * 2 ** doublings, this.maxWaitMs);
  }
}
