import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import { sql } from 'kysely';
import client from 'prom-client';
import { ORDER_STATUSES } from '../../shared/order-workflow.ts';
import type { DatabaseHandle } from '../db/database.ts';

/** The API answers in milliseconds, a card payment can take seconds. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request no route matched: never the raw URL (unbounded, and it may hold data). */
const UNMATCHED = 'unmatched';

const METHOD_INDEX: Record<string, number> = { GET: 0, HEAD: 1, POST: 2, PUT: 3, PATCH: 4, DELETE: 5, OPTIONS: 6 };

interface Observer {
  observe(value: number): void;
}

/**
 * `GET /metrics` for `Bearer METRICS_TOKEN`; without the token nothing is registered or counted.
 * Each route gets its own onResponse hook when declared, so the pattern is known without
 * request.routeOptions (an object per call). Business figures are read from the database at
 * scrape time, so every PostgreSQL process reports the same truth.
 * Call before any route is declared: onRoute sees only later routes.
 */
export function registerMetrics(app: FastifyInstance, database: DatabaseHandle): void {
  const token = app.config.METRICS_TOKEN;
  if (!token) return;

  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const requests = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status: latency in seconds (its _count is the request count)',
    labelNames: ['method', 'route', 'status_code'],
    buckets: BUCKETS,
    registers: [registry],
  });

  const observerFor = (children: Map<number, Observer>, method: string, route: string, statusCode: number): Observer => {
    const key = statusCode * 8 + (METHOD_INDEX[method] ?? 7);
    let child = children.get(key);
    if (!child) {
      child = requests.labels(method, route, String(statusCode));
      children.set(key, child);
    }
    return child;
  };

  app.addHook('onRoute', (route) => {
    const children = new Map<number, Observer>();
    const pattern = route.url;
    const count: onResponseHookHandler = function (request: FastifyRequest, reply: FastifyReply, done) {
      observerFor(children, request.method, pattern, reply.statusCode).observe(reply.elapsedTime / 1000);
      done();
    };
    route.onResponse = route.onResponse === undefined ? [count] : [...(Array.isArray(route.onResponse) ? route.onResponse : [route.onResponse]), count];
  });
  const unmatched = new Map<number, Observer>();
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) observerFor(unmatched, request.method, UNMATCHED, reply.statusCode).observe(reply.elapsedTime / 1000);
    done();
  });

  const db = app.db;
  new client.Gauge({
    name: 'shop_orders',
    help: 'Orders by status (docs/product.md, orders)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const rows = await db.selectFrom('orders').select(['status', (eb) => eb.fn.countAll<number>().as('count')]).groupBy('status').execute();
      this.reset();
      // Every status is reported, 0 included, so a dashboard's line does not vanish when it empties.
      for (const status of ORDER_STATUSES) this.set({ status }, 0);
      for (const row of rows) this.set({ status: row.status }, Number(row.count));
    },
  });
  new client.Gauge({
    name: 'shop_payments_recorded',
    help: 'Payments recorded (one per paid cart; each made its order): count, and amount in cents',
    labelNames: ['measure'],
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom('payments')
        .select([(eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.coalesce(eb.fn.sum<number>('price_cents'), eb.lit(0)).as('cents')])
        .executeTakeFirstOrThrow();
      this.set({ measure: 'count' }, Number(row.count));
      this.set({ measure: 'cents' }, Number(row.cents));
    },
  });
  new client.Gauge({
    name: 'shop_payment_intents',
    help: 'Payment intents by status; declined="true" for those whose last card was declined or failed',
    labelNames: ['status', 'declined'],
    registers: [registry],
    async collect() {
      const rows = await db
        .selectFrom('payment_intents')
        .select(['status', sql<number>`case when last_error is null then 0 else 1 end`.as('declined'), (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy(['status', sql`case when last_error is null then 0 else 1 end`])
        .execute();
      this.reset();
      for (const row of rows) this.set({ status: row.status, declined: Number(row.declined) === 1 ? 'true' : 'false' }, Number(row.count));
    },
  });
  new client.Gauge({
    name: 'shop_mail_queue',
    help: 'Mails not sent: queued (waiting or to retry), sending, failed (given up)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const rows = await db.selectFrom('mail_queue').select(['status', (eb) => eb.fn.countAll<number>().as('count')]).where('status', '!=', 'sent').groupBy('status').execute();
      this.reset();
      for (const status of ['queued', 'sending', 'failed']) this.set({ status }, Number(rows.find((row) => row.status === status)?.count ?? 0));
    },
  });
  new client.Gauge({
    name: 'shop_order_streams_open',
    help: 'Open order event streams (GET /api/orders/events) in this process',
    registers: [registry],
    collect() {
      this.set(app.orderStreams.size);
    },
  });
  const pool = database.pool;
  if (pool) {
    new client.Gauge({
      name: 'shop_db_pool_connections',
      help: 'PostgreSQL pool of this process: total connections, idle ones, and queries waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  const file = database.file;
  if (file) {
    // SQLite has no pool (one connection, its queries one after another): its size is what an owner watches.
    new client.Gauge({
      name: 'shop_db_sqlite_bytes',
      help: 'SQLite database file and its write-ahead log, in bytes',
      labelNames: ['file'],
      registers: [registry],
      collect() {
        this.set({ file: 'database' }, sizeOf(file));
        this.set({ file: 'wal' }, sizeOf(`${file}-wal`));
      },
    });
  }

  const expected = digest(token);
  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    // Compared as digests of equal length, in constant time: the answer's timing tells nothing of the token.
    if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ statusCode: 401, code: 'UNAUTHORIZED', message: 'The metrics need their bearer token' });
    }
    const text = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}
