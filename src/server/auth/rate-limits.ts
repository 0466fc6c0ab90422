import type { RateLimitOptions } from '@fastify/rate-limit';
import type { Config } from '../config.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { TooManyRequestsError } from '../http/errors.ts';
import { countRequest } from './rate-limit-store.ts';
import { say } from '../i18n/wording.ts';

const WINDOW_MS = 60_000;

export type LimitedAction = 'sign-in' | 'sign-up' | 'captcha' | 'token' | 'password' | 'mail';

/**
 * The rate limits of the accounts routes, per client address and minute (docs/accounts.md lists
 * them); an IPv6 /64 counts as one address. Counters live in the database
 * (rate-limit-store.ts), so all processes share them.
 */
export function rateLimitFor(config: Config, action: LimitedAction): RateLimitOptions {
  return {
    max: maxPerMinute(config, action),
    timeWindow: WINDOW_MS,
    groupId: action,
    // @fastify/rate-limit's own key: the address, an IPv6 one by its /64 (its default, said here).
    ipv6Subnet: 64,
    errorResponseBuilder: (_request, context) => tooMany(context.ttl),
  };
}

function maxPerMinute(config: Config, action: LimitedAction): number {
  return {
    'sign-in': config.RATE_LIMIT_SIGN_IN,
    'sign-up': config.RATE_LIMIT_SIGN_UP,
    captcha: config.RATE_LIMIT_CAPTCHA,
    token: config.RATE_LIMIT_TOKEN,
    password: config.RATE_LIMIT_PASSWORD,
    mail: config.RATE_LIMIT_MAIL,
  }[action];
}

/**
 * The same limit counted per session as well as per address: a route that checks a password must
 * not let one session guess from many addresses.
 */
export async function limitPerSession(db: Kysely<Database>, config: Config, action: LimitedAction, sessionId: string): Promise<void> {
  const { current, ttl } = await countRequest(db, `${action}|session:${sessionId}`, WINDOW_MS);
  if (current > maxPerMinute(config, action)) throw tooMany(ttl);
}

function tooMany(ttlMs: number): TooManyRequestsError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new TooManyRequestsError(seconds, say('error.auth.tooManyAttempts', { seconds }));
}

/** limitPerSession for the routes, on the shop's database (app.limits, auth-plugin.ts). */
export class SessionLimits {
  private readonly db: Kysely<Database>;
  private readonly config: Config;

  constructor(db: Kysely<Database>, config: Config) {
    this.db = db;
    this.config = config;
  }

  perSession(action: LimitedAction, sessionId: string): Promise<void> {
    return limitPerSession(this.db, this.config, action, sessionId);
  }
}
