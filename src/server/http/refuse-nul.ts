import type { FastifyInstance } from 'fastify';
import { BadRequestError } from './errors.ts';
import { say } from '../i18n/wording.ts';

/**
 * PostgreSQL text cannot hold U+0000, which would surface as a 500; no field needs it, so it is a
 * 400 on both databases before any route runs (test/security/injection.test.ts). A callback hook:
 * no promise per request.
 */
export function registerNulRefusal(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      done(new BadRequestError(say('error.http.nul')));
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
