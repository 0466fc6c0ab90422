import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_RATE_LIMITS, signUpCustomer, type BenchCustomer } from '../bench/lib/bench-customers.ts';
import { GOOD_CARD } from '../bench/lib/customers.ts';
import { openEventStream, type SseFrame } from '../bench/lib/event-stream.ts';
import { startShop, type ShopProcess } from '../bench/lib/shop-process.ts';
import type { Order } from '../src/shared/orders.ts';
import { createPostgresDatabase } from './helpers/test-app.ts';

/**
 * Two shop processes on one PostgreSQL database, as behind a load balancer: an order paid
 * through one appears on a stream connected to the other, and a move made on the other reaches
 * the customer's stream on the first. Order changes cross processes on the event bus (LISTEN /
 * NOTIFY); with SQLite there is one process, so this runs on PostgreSQL only.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('order changes across two shop processes', () => {
  let database: { url: string; drop: () => Promise<void> };
  let first: ShopProcess;
  let second: ShopProcess;

  beforeAll(async () => {
    database = await createPostgresDatabase(serverUrl!);
    // One after the other: the first start migrates and adds the demo menu.
    first = await startShop({ databaseUrl: database.url, env: { ...BENCH_RATE_LIMITS, SSE_HEARTBEAT_MS: '1000' } });
    second = await startShop({ databaseUrl: database.url, env: { ...BENCH_RATE_LIMITS, SSE_HEARTBEAT_MS: '1000' } });
  }, 240_000);
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await database?.drop();
  });

  async function call(shop: ShopProcess, user: BenchCustomer, path: string, body: unknown): Promise<unknown> {
    const res = await fetch(`${shop.url}${path}`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json', origin: shop.url },
      body: JSON.stringify(body),
    });
    const json: unknown = await res.json();
    expect(res.status, JSON.stringify(json)).toBe(200 + (path === '/api/cart' ? 1 : 0));
    return json;
  }

  it('an order paid through one process appears on a stream of the other, and a move there reaches the first', { timeout: 60_000 }, async () => {
    const customer = await signUpCustomer(first.url, 'two-processes');
    const staff = await signUpCustomer(second.url, 'two-processes-staff');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(`update users set role = 'staff' where email = $1`, [staff.email]);
    await client.end();

    const board = await openEventStream(`${second.url}/api/orders/events`, staff.headers);
    const mine = await openEventStream(`${first.url}/api/orders/events`, { cookie: customer.cookie });
    try {
      expect([board.status, mine.status]).toEqual([200, 200]);
      const items = (await (await fetch(`${first.url}/api/items`)).json()) as Array<{ _id: string }>;
      await call(first, customer, '/api/cart', { itemId: items[0]!._id });
      const intent = (await call(first, customer, '/api/create-payment-intent', { price: 1, fulfilment: { type: 'table', table: '5' } })) as {
        intentId: string;
        clientSecret: string;
      };
      await call(first, customer, `/api/sandbox/payment-intents/${intent.intentId}/confirm`, {
        clientSecret: intent.clientSecret,
        card: GOOD_CARD,
        billingDetails: { email: customer.email, name: 'Two Processes' },
      });
      const paid = (await call(first, customer, '/api/payment', { transactionId: intent.intentId })) as { order: Order };

      const orderOf = (frame: SseFrame) => JSON.parse(frame.data) as Order;
      const arrived = await board.waitFor((f) => orderOf(f)._id === paid.order._id, 10_000);
      expect(orderOf(arrived)).toMatchObject({ _id: paid.order._id, number: paid.order.number, status: 'placed', fulfilment: { type: 'table', table: '5' } });

      await call(second, staff, `/api/staff/orders/${paid.order._id}/status`, { status: 'accepted', readyInMinutes: 20 });
      const accepted = await mine.waitFor((f) => orderOf(f)._id === paid.order._id && orderOf(f).status === 'accepted', 10_000);
      expect(Number(accepted.id)).toBeGreaterThan(Number(arrived.id));
      expect(orderOf(accepted).timeline.every((e) => e.by === undefined)).toBe(true);
    } finally {
      board.close();
      mine.close();
    }
  });
});
