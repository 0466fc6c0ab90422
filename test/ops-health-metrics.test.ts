import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newRowId } from '../src/server/db/row-ids.ts';
import type { MailQueueTable } from '../src/server/db/schema.ts';
import { insertMailOnce } from '../src/server/mail/mail-repository.ts';
import { signUpUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { CARD_4242, confirmSandbox, fillCart, menuItemIds, openIntent, pay, postPayment } from './payment-helpers.ts';

/** GET /healthz, GET /readyz and GET /metrics (src/server/ops/health.ts, metrics.ts) through the real app. */
const TOKEN = 'metrics-token-of-this-test-0123456789';

/** The value of one series in Prometheus' text, or undefined when it is not there. */
function series(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`));
    if (wanted) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers /healthz, and /readyz only when every migration is applied', async () => {
    const healthz = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(healthz.statusCode).toBe(200);
    expect(healthz.json()).toEqual({ status: 'ok' });
    expect(healthz.headers['cache-control']).toBe('no-store');

    // A database one migration behind this code: not ready, and the answer says which.
    const last = await t.app.db.selectFrom('kysely_migration' as never).select('name' as never).orderBy('name' as never, 'desc').executeTakeFirstOrThrow();
    const name = (last as { name: string }).name;
    const row = await t.app.db.selectFrom('kysely_migration' as never).selectAll().where('name' as never, '=', name as never).executeTakeFirstOrThrow();
    await t.app.db.deleteFrom('kysely_migration' as never).where('name' as never, '=', name as never).execute();
    const behind = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(behind.statusCode).toBe(503);
    expect(behind.json()).toEqual({ status: 'unavailable', reason: `migrations not applied: ${name}` });
    await t.app.db.insertInto('kysely_migration' as never).values(row as never).execute();

    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    // Details beside readiness (the kitchen printers, none here) never make it unready.
    expect(ready.json()).toEqual({ status: 'ready', details: { printers: [] } });
  });

  it('has no /metrics without METRICS_TOKEN', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
  });
});

describe('metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  let mails = 0;
  /** A row of the mail queue in the given state, as the queue writes it. */
  const queueMail = (status: MailQueueTable['status']) =>
    insertMailOnce(t.app.db, {
      id: newRowId(),
      dedupe_key: `metrics-test-${++mails}`,
      user_id: null,
      to_address: 'ann@example.com',
      template: 'verify-email',
      data: '{}',
      status,
      attempts: status === 'failed' ? 20 : 0,
      next_attempt_at: new Date().toISOString(),
      claimed_at: null,
      last_error: status === 'failed' ? 'refused' : null,
      created_at: new Date().toISOString(),
      sent_at: status === 'sent' ? new Date().toISOString() : null,
    });

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('answers only with the bearer token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toContain('Bearer');
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: TOKEN } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    const [item] = await menuItemIds(t.app, 1);
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: `/api/items/${item!.id}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-thing-9f3e' })).statusCode).toBe(404);
    const text = await scrape();
    expect(series(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/items/:id', status_code: '200' })).toBe(3);
    expect(series(text, 'http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
    expect(series(text, 'http_request_duration_seconds_bucket', { route: '/api/items/:id', le: '+Inf' })).toBe(3);
    expect(text).not.toContain(item!.id);
    expect(text).not.toContain('no-such-thing');
  });

  it('reports payments and declines, orders by status, the mail queue, the open streams and the database', async () => {
    // One customer's card is declined and they leave; another pays.
    const items = await menuItemIds(t.app, 2);
    const leaves = await signUpUser(t.app);
    await fillCart(t.app, leaves, [items[0]!.id]);
    const declined = await openIntent(t.app, leaves);
    const refused = await confirmSandbox(t.app, leaves, declined, { ...CARD_4242, number: '4000 0000 0000 0002' });
    expect(JSON.stringify(refused.body)).toMatch(/decline/i);
    expect((await postPayment(t.app, leaves, declined.intentId)).statusCode).toBe(409);
    const customer = await signUpUser(t.app);
    await fillCart(t.app, customer, [items[1]!.id]);
    const intent = await openIntent(t.app, customer);
    expect((await confirmSandbox(t.app, customer, intent)).statusCode).toBe(200);
    await pay(t.app, customer, intent.intentId);
    // Mail is off in this test, so the queue holds only these: one of each state the gauge reports
    // apart, and a sent one it must leave out.
    for (const status of ['queued', 'failed', 'sent'] as const) await queueMail(status);

    const text = await scrape();
    expect(series(text, 'shop_payments_recorded', { measure: 'count' })).toBe(1);
    expect(series(text, 'shop_payments_recorded', { measure: 'cents' })).toBe(items[1]!.cents);
    expect(series(text, 'shop_payment_intents', { status: 'succeeded', declined: 'false' })).toBe(1);
    expect(series(text, 'shop_payment_intents', { declined: 'true' })).toBe(1);
    expect(series(text, 'shop_orders', { status: 'placed' })).toBe(1);
    expect(series(text, 'shop_orders', { status: 'ready' })).toBe(0);
    expect(series(text, 'shop_mail_queue', { status: 'queued' })).toBe(1);
    expect(series(text, 'shop_mail_queue', { status: 'failed' })).toBe(1);
    expect(series(text, 'shop_mail_queue', { status: 'sending' })).toBe(0);
    expect(series(text, 'shop_order_streams_open')).toBe(0);
    expect(series(text, 'http_request_duration_seconds_count', { method: 'POST', route: '/api/payment', status_code: '409' })).toBe(1);
    expect(series(text, 'http_request_duration_seconds_count', { method: 'POST', route: '/api/payment', status_code: '200' })).toBe(1);
    if (t.database.kind === 'sqlite') expect(series(text, 'shop_db_sqlite_bytes', { file: 'database' })).toBeGreaterThan(0);
    else expect(series(text, 'shop_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(series(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  // SQLite has no pool: one connection, its queries one after another.
  it.runIf(process.env.TEST_DATABASE_URL)('reports the PostgreSQL pool: every connection in use, and the queries waiting for one', async () => {
    const pool = t.database.pool!;
    // The test takes every connection and queues two queries behind them, so the counts are known
    // when the scrape reads them (its own queries then queue too, and may add to "waiting").
    const max = pool.options.max!;
    const held = await Promise.all(Array.from({ length: max }, () => pool.connect()));
    const queued = [pool.query('select 1'), pool.query('select 2')];
    const read = vi.spyOn(pool, 'waitingCount', 'get');
    let released = false;
    try {
      const scraping = scrape();
      // Given back once the scrape has read the pool: its queries could not run before.
      await vi.waitFor(() => expect(read).toHaveBeenCalled(), { timeout: 10_000 });
      released = true;
      for (const client of held) client.release();
      const text = await scraping;
      await Promise.all(queued);
      expect(series(text, 'shop_db_pool_connections', { state: 'total' })).toBe(max);
      expect(series(text, 'shop_db_pool_connections', { state: 'idle' })).toBe(0);
      expect(series(text, 'shop_db_pool_connections', { state: 'waiting' })).toBeGreaterThanOrEqual(2);
      // Once given back, the connections are idle again. ("waiting" is not 0 then either: pg's pool
      // queues a query for a tick even when an idle connection is there, and the scrape's are.)
      expect(series(await scrape(), 'shop_db_pool_connections', { state: 'idle' })).toBeGreaterThan(0);
    } finally {
      read.mockRestore();
      if (!released) for (const client of held) client.release();
    }
  });

  it('counts the menu read over a connection, its 304, and an open order stream', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const scrapeHttp = async () => (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    const before = series(await scrapeHttp(), 'http_request_duration_seconds_count', { method: 'GET', route: '/api/items', status_code: '200' }) ?? 0;
    for (let i = 0; i < 4; i++) expect((await fetch(`${url}/api/items`)).status).toBe(200);
    const menu = await fetch(`${url}/api/items`);
    const etag = menu.headers.get('etag')!;
    expect((await fetch(`${url}/api/items`, { headers: { 'if-none-match': etag } })).status).toBe(304);

    const customer = await signUpUser(t.app);
    const controller = new AbortController();
    const stream = await fetch(`${url}/api/orders/events`, { headers: customer.headers, signal: controller.signal });
    expect(stream.status).toBe(200);
    const text = await scrapeHttp();
    controller.abort();
    expect(series(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/items', status_code: '200' })).toBe(before + 5);
    expect(series(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/items', status_code: '304' })).toBe(1);
    expect(series(text, 'shop_order_streams_open')).toBe(1);
  });
});
