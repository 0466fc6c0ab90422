import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { ForbiddenError } from './errors.ts';
import { say } from '../i18n/wording.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A write that another site's page may send on purpose (a provider's form post), carrying no authority. */
    allowCrossSite?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses CSRF by trusting the browser's Sec-Fetch-Site and Origin; requests with neither (curl,
 * webhooks) carry no victim's cookies and go on to the route's checks. Added per write route, so
 * reads pay nothing; register it before the routes it guards.
 */
export function registerCrossSiteGuard(app: FastifyInstance, allowedOrigins: () => string[]): void {
  const guard: onRequestHookHandler = (request, _reply, done) => {
    done(crossSiteRefusal(request, allowedOrigins));
  };
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => SAFE_METHODS.has(method))) return;
    if (route.config?.allowCrossSite) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), guard];
  });
}

/** The error that refuses a cross-site write, or undefined when the request may go on. */
function crossSiteRefusal(request: FastifyRequest, allowedOrigins: () => string[]): ForbiddenError | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') return new ForbiddenError(say('error.http.crossSite'));
  const origin = request.headers.origin;
  if (!origin) return undefined;
  const sameHost = safeHost(origin) === request.headers.host;
  if (!sameHost && !allowedOrigins().includes(origin)) return new ForbiddenError(say('error.http.crossSite'));
  return undefined;
}

function safeHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
