import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { appliedMigrations, MIGRATION_NAMES } from '../db/migrate.ts';

/** How long /readyz waits for the database before it calls it unready, in milliseconds. */
const DATABASE_CHECK_MS = 2000;

/**
 * The process's state as a load balancer sees it. `draining` turns true when the app starts to
 * close (SIGTERM, SIGINT, or a test's app.close()): /readyz answers 503 from then on.
 */
export class Health {
  draining = false;
  /** Once every migration was seen applied it stays so: the code never un-applies one. */
  private migrated = false;

  /** Why the shop cannot take traffic now, or undefined when it can. */
  async unready(app: FastifyInstance): Promise<string | undefined> {
    if (this.draining) return 'shutting down';
    try {
      await withTimeout(sql`select 1`.execute(app.db), DATABASE_CHECK_MS);
    } catch {
      return 'database not answering';
    }
    if (!this.migrated) {
      const applied = new Set(await appliedMigrations(app.db));
      const missing = MIGRATION_NAMES.filter((name) => !applied.has(name));
      if (missing.length > 0) return `migrations not applied: ${missing.join(', ')}`;
      this.migrated = true;
    }
    return this.draining ? 'shutting down' : undefined;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * GET /healthz: the process answers (liveness; it reads nothing, so a slow database never gets a
 * healthy process restarted). GET /readyz: the database answers and has every migration of this
 * code applied, and the process is not shutting down (readiness: 503 takes it out of rotation).
 * Both are outside /api: they are for the machines in front of the shop, never cached.
 */
export function registerHealth(app: FastifyInstance): Health {
  const health = new Health();
  app.addHook('preClose', (done) => {
    health.draining = true;
    done();
  });
  app.get('/healthz', { logLevel: 'warn', schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });
  const readiness = {
    200: z.object({ status: z.literal('ready') }),
    503: z.object({ status: z.literal('unavailable'), reason: z.string() }),
  };
  app.get('/readyz', { logLevel: 'warn', schema: { response: readiness } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const reason = await health.unready(app);
    if (reason) return reply.code(503).send({ status: 'unavailable' as const, reason });
    return { status: 'ready' as const };
  });
  return health;
}
