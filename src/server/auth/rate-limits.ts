import type { RateLimitOptions } from '@fastify/rate-limit';
import type { Config } from '../config.ts';
import { HttpError } from '../http/errors.ts';

export type LimitedAction = 'sign-in' | 'sign-up' | 'captcha' | 'token';

/**
 * The rate limits of the accounts routes, per client address and minute (docs/accounts.md lists
 * them). Counters live in the database (rate-limit-store.ts), so all processes share them.
 */
export function rateLimitFor(config: Config, action: LimitedAction): RateLimitOptions {
  const max = {
    'sign-in': config.RATE_LIMIT_SIGN_IN,
    'sign-up': config.RATE_LIMIT_SIGN_UP,
    captcha: config.RATE_LIMIT_CAPTCHA,
    token: config.RATE_LIMIT_TOKEN,
  }[action];
  return {
    max,
    timeWindow: 60_000,
    groupId: action,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'RATE_LIMITED', `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`),
  };
}
