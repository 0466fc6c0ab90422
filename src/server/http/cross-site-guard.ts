import type { FastifyInstance } from 'fastify';
import { ForbiddenError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses writes sent by another site's page (CSRF), whatever the cookies say: browsers tell the
 * truth in Sec-Fetch-Site and Origin. Requests without either (curl, server-to-server webhooks)
 * carry no ambient browser credentials of a victim and pass on to the route's own checks.
 */
export function registerCrossSiteGuard(app: FastifyInstance, allowedOrigins: () => string[]): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site') throw new ForbiddenError('Cross-site requests are not accepted');
    const origin = request.headers.origin;
    if (!origin) return;
    const sameHost = safeHost(origin) === request.headers.host;
    if (!sameHost && !allowedOrigins().includes(origin)) {
      throw new ForbiddenError('Cross-site requests are not accepted');
    }
  });
}

function safeHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
