import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStream, SseFrame } from '../bench/lib/event-stream.ts';
import type { Order } from '../src/shared/orders.ts';
import { healthzFrom, streamsFrom } from './helpers/streams-from.ts';
import { HttpCustomer, NO_RATE_LIMITS, ShopChild, shopStorage, someItemIds, type ShopStorage } from './helpers/shop-child.ts';

/**
 * The event streams of real shop processes (`node src/server/main.ts`) over real sockets. One
 * process: a client filling its cap of menu streams gets 429 while another address still gets
 * one, the shop-wide cap stops below MAX_CONNECTIONS and /healthz still answers (the probe of
 * issue 39 exhausted the process's files with streams). Two processes on one PostgreSQL: a staff
 * member demoted, or a session signed out, through one process ends the order stream held by
 * the other at once (the heartbeat is a minute here), carried by the event bus's notice.
 */
const eventStreams = streamsFrom();
afterAll(() => eventStreams.closeAll());

const open = eventStreams.open;
const healthz = healthzFrom;

/** Resolves 'ended' when the stream ends within `ms`, else 'still open'. */
function endsWithin(stream: EventStream, ms: number): Promise<string> {
  return Promise.race([stream.ended.then(() => 'ended'), new Promise<string>((resolve) => setTimeout(() => resolve('still open'), ms))]);
}

describe('a shop process under many event streams', () => {
  let storage: ShopStorage;
  let shop: ShopChild;
  beforeAll(async () => {
    storage = await shopStorage();
    // 40 connections: the streams stop at 30 (three quarters), 20 of them from one address.
    shop = await ShopChild.start(storage, { MAX_CONNECTIONS: '40', MENU_STREAMS_PER_ADDRESS: '20' });
  }, 120_000);
  afterAll(async () => {
    eventStreams.closeAll();
    await shop?.stop();
    await storage?.drop();
  });

  it('refuses one address past its cap and everyone past the shop-wide cap, and /healthz still answers', { timeout: 60_000 }, async () => {
    const menu = `${shop.url}/api/menu/events`;
    const mine = await Promise.all(Array.from({ length: 20 }, () => open(menu, '127.0.0.1')));
    expect(mine.every((s) => s.status === 200)).toBe(true);
    const refused = await open(menu, '127.0.0.1');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    expect(JSON.parse(refused.body())).toMatchObject({ statusCode: 429, code: 'TOO_MANY_STREAMS' });
    expect((await open(menu, '127.0.0.2')).status).toBe(200);
    expect(await healthz(shop.url, '127.0.0.1')).toBe(200);

    const others = await Promise.all(Array.from({ length: 9 }, (_, i) => open(menu, `127.0.0.${3 + i}`)));
    expect(others.every((s) => s.status === 200)).toBe(true);
    const full = await open(menu, '127.0.0.20');
    expect(full.status).toBe(429);
    expect(full.headers['retry-after']).toBe('10');
    expect(await healthz(shop.url, '127.0.0.20')).toBe(200);
    expect(await fetch(`${shop.url}/readyz`).then((r) => r.status)).toBe(200);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('order streams across two shop processes', () => {
  let storage: ShopStorage;
  let first: ShopChild;
  let second: ShopChild;
  const env = { ...NO_RATE_LIMITS, SSE_HEARTBEAT_MS: '60000' };
  beforeAll(async () => {
    storage = await shopStorage();
    // One after the other: the first start migrates and adds the demo menu.
    first = await ShopChild.start(storage, env);
    second = await ShopChild.start(storage, env);
  }, 240_000);
  afterAll(async () => {
    eventStreams.closeAll();
    await Promise.all([first?.stop(), second?.stop()]);
    await storage?.drop();
  });

  async function setRole(email: string, role: string): Promise<void> {
    const client = new pg.Client({ connectionString: storage.databaseUrl });
    await client.connect();
    await client.query('update users set role = $1 where email = $2', [role, email]);
    await client.end();
  }

  it('a staff member demoted through one process loses the board held on the other at once, with no order after it', { timeout: 90_000 }, async () => {
    const staff = new HttpCustomer(first.url);
    const admin = new HttpCustomer(first.url);
    const customer = new HttpCustomer(first.url);
    await Promise.all([staff.signUp(), admin.signUp(), customer.signUp()]);
    await setRole(staff.email, 'staff');
    await setRole(admin.email, 'admin');
    const [itemId] = await someItemIds(first.url);

    const board = await open(`${second.url}/api/orders/events`, '127.0.0.1', { cookie: staff.cookie });
    expect(board.status).toBe(200);
    await expect.poll(() => board.retry).toBe(3000);
    const orderOf = (frame: SseFrame) => JSON.parse(frame.data) as Order;
    const before = await customer.buyOne(itemId!);
    await board.waitFor((f) => orderOf(f).transactionId === before.intentId, 10_000);

    const demoted = await admin.call('PATCH', `/api/users/role/${staff.id}`, { role: 'user' });
    expect(demoted.status).toBe(200);
    const after = await customer.buyOne(itemId!);
    expect(await endsWithin(board, 5000)).toBe('ended');
    expect(board.frames.some((f) => orderOf(f).transactionId === after.intentId)).toBe(false);
  });

  it('a session signed out through one process loses its stream on the other at once', { timeout: 60_000 }, async () => {
    const customer = new HttpCustomer(first.url);
    await customer.signUp();
    const stream = await open(`${second.url}/api/orders/events`, '127.0.0.1', { cookie: customer.cookie });
    expect(stream.status).toBe(200);
    await expect.poll(() => stream.retry).toBe(3000);
    const out = await fetch(`${first.url}/api/auth/sign-out`, { method: 'POST', headers: { cookie: customer.cookie, origin: first.url } });
    expect(out.status).toBe(200);
    expect(await endsWithin(stream, 5000)).toBe('ended');
  });
});
