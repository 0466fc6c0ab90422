import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { appliedMigrations, MIGRATION_NAMES } from '../db/migrate.ts';

/** How long /readyz waits for the database before it calls it unready, in milliseconds. */
const DATABASE_CHECK_MS = 2000;

/** `draining` turns true as the app starts to close, so /readyz answers 503 from then on. */
export class Health {
  draining = false;
  /** Once every migration was seen applied it stays so: the code never un-applies one. */
  private migrated = false;
  /** What other parts report beside readiness (the kitchen printers): shown, never a reason to be unready. */
  private readonly details = new Map<string, () => Promise<unknown>>();

  addDetail(name: string, read: () => Promise<unknown>): void {
    this.details.set(name, read);
  }

  /** Each part's report; one that cannot be read says so instead of hiding the others. */
  async readDetails(): Promise<Record<string, unknown>> {
    const entries = await Promise.all(
      [...this.details].map(async ([name, read]) => [name, await withTimeout(read(), DATABASE_CHECK_MS).catch(() => ({ error: 'could not be read' }))] as const),
    );
    return Object.fromEntries(entries);
  }

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
 * /healthz reads nothing, so a slow database never gets a healthy process restarted; /readyz
 * needs the database, every migration applied and no shutdown under way. Outside /api, never cached.
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
    200: z.object({ status: z.literal('ready'), details: z.record(z.string(), z.unknown()) }),
    503: z.object({ status: z.literal('unavailable'), reason: z.string() }),
  };
  app.get('/readyz', { logLevel: 'warn', schema: { response: readiness } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const reason = await health.unready(app);
    if (reason) return reply.code(503).send({ status: 'unavailable' as const, reason });
    return { status: 'ready' as const, details: await health.readDetails() };
  });
  return health;
}
