import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses writes sent by another site's page (CSRF), whatever the cookies say: browsers tell the
 * truth in Sec-Fetch-Site and Origin. Requests without either (curl, server-to-server webhooks)
 * carry no ambient browser credentials of a victim and pass on to the route's own checks.
 * A callback hook, not an async one: it runs on every request, and a promise per request was a
 * measurable part of the cost of `GET /api/items` (docs/performance.md).
 */
export function registerCrossSiteGuard(app: FastifyInstance, allowedOrigins: () => string[]): void {
  app.addHook('onRequest', (request, _reply, done) => {
    done(crossSiteRefusal(request, allowedOrigins));
  });
}

/** The error that refuses a cross-site write, or undefined when the request may go on. */
function crossSiteRefusal(request: FastifyRequest, allowedOrigins: () => string[]): ForbiddenError | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') return new ForbiddenError('Cross-site requests are not accepted');
  const origin = request.headers.origin;
  if (!origin) return undefined;
  const sameHost = safeHost(origin) === request.headers.host;
  if (!sameHost && !allowedOrigins().includes(origin)) return new ForbiddenError('Cross-site requests are not accepted');
  return undefined;
}

function safeHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
