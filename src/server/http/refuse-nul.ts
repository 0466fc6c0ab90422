import type { FastifyInstance } from 'fastify';
import { BadRequestError } from './errors.ts';

/**
 * PostgreSQL's text type cannot hold U+0000: a NUL byte anywhere in a body, a path parameter or a
 * query reached the database as an error and came back as a 500 (found by the attack suite,
 * test/security/injection.test.ts). No field of the shop has a use for it, so it is refused as
 * bad input on both databases, before validation and before any route runs.
 * A callback hook: it runs on every request (no promise per request).
 */
export function registerNulRefusal(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      done(new BadRequestError('The request holds a NUL character, which no field accepts'));
      return;
    }
    done();
  });
}

/** Own enumerable keys and values, at any depth; a loop without allocation, as it runs on every request. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value)) return false;
  const fields = value as Record<string, unknown>;
  for (const key in fields) {
    if (!Object.hasOwn(fields, key)) continue;
    if (key.includes('\u0000') || holdsNul(fields[key], depth + 1)) return true;
  }
  return false;
}
