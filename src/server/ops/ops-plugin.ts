import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerHealth, type Health } from './health.ts';
import { registerRequestIdHeader } from './logging.ts';
import { registerMetrics } from './metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Readiness and draining (src/server/ops/health.ts). */
    health: Health;
  }
}

/**
 * Operations (docs/decisions/0027): metrics (only with METRICS_TOKEN), /healthz and /readyz, the
 * request id header. Registered before any route, so that each is counted.
 */
export const opsPlugin = fp(
  async (app: FastifyInstance) => {
    registerMetrics(app, app.database);
    app.decorate('health', registerHealth(app));
    registerRequestIdHeader(app);
  },
  { name: 'ops', fastify: '5.x', dependencies: ['database'] },
);
