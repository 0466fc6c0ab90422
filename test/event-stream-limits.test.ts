import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStream } from '../bench/lib/event-stream.ts';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { clientAddressKey } from '../src/server/http/stream-slots.ts';
import { STREAM_REFUSALS } from '../src/shared/errors.ts';
import type { Order } from '../src/shared/orders.ts';
import { signIn, signUpUser, type TestUser } from './helpers/auth.ts';
import { healthzFrom, streamsFrom } from './helpers/streams-from.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { makeStaff, placeOrder } from './order-helpers.ts';

/**
 * The event streams (GET /api/menu/events, GET /api/orders/events) over real sockets: caps per
 * client address (another address of 127.0.0.0/8 is another client), per account and per session,
 * a shop-wide cap no one address fills, a 429 in the shop's error shape with Retry-After, /healthz
 * answering all along; the streams' lifetime; and the end of an order stream whose caller was
 * signed out or demoted, at once (the heartbeat is a minute here), with no order after it.
 */
const eventStreams = streamsFrom();
afterAll(() => eventStreams.closeAll());

const open = (base: string, path: string, from: string, headers: Record<string, string> = {}) => eventStreams.open(`${base}${path}`, from, headers);
const healthz = healthzFrom;

function expectRefused(stream: EventStream, who: 'client' | 'shop'): void {
  expect(stream.status).toBe(429);
  expect(stream.headers['retry-after']).toBe(String(STREAM_REFUSALS[who].retryAfterSeconds));
  expect(JSON.parse(stream.body())).toEqual({ statusCode: 429, code: 'TOO_MANY_STREAMS', message: STREAM_REFUSALS[who].message });
}

describe('clientAddressKey', () => {
  it('counts an IPv6 /64 as one address, an IPv4 (mapped or not) as itself', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8:1:3::a')).toBe('2001:db8:1:3::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('the stream limits in the configuration', () => {
  const base = { NODE_ENV: 'test', MAIL_DISABLED: 'true' };
  it('leaves a quarter of MAX_CONNECTIONS to other requests by default, and refuses caps that one address could fill the shop with', () => {
    expect(loadConfig({ ...base, MAX_CONNECTIONS: '1000' })).toMatchObject({ MAX_CONNECTIONS: 1000, STREAMS_MAX: 750 });
    expect(() => loadConfig({ ...base, MAX_CONNECTIONS: '100', STREAMS_MAX: '100' })).toThrow(/STREAMS_MAX: must be below MAX_CONNECTIONS/);
    expect(() => loadConfig({ ...base, STREAMS_MAX: '20' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STREAMS_MAX: '20' })).toThrow(/MENU_STREAMS_PER_ADDRESS: must be below STREAMS_MAX/);
    expect(() => loadConfig({ ...base, STREAMS_MAX: '30', ORDER_STREAMS_PER_ADDRESS: '30' })).toThrow(/ORDER_STREAMS_PER_ADDRESS/);
  });
});

describe('event stream caps', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({
      seed: true,
      env: {
        MENU_STREAMS_PER_ADDRESS: '3',
        ORDER_STREAMS_PER_ADDRESS: '4',
        ORDER_STREAMS_PER_ACCOUNT: '3',
        ORDER_STREAMS_PER_SESSION: '2',
        STREAMS_MAX: '10',
        SSE_HEARTBEAT_MS: '60000',
      },
    });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    eventStreams.closeAll();
    await t.close();
  });

  it('refuses a fourth menu stream from one address (429, Retry-After) while another address gets its own and /healthz answers', async () => {
    const streams = [];
    for (let i = 0; i < 3; i++) streams.push(await open(base, '/api/menu/events', '127.0.0.1'));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    expectRefused(await open(base, '/api/menu/events', '127.0.0.1'), 'client');
    const other = await open(base, '/api/menu/events', '127.0.0.2');
    expect(other.status).toBe(200);
    expect(await healthz(base, '127.0.0.1')).toBe(200);

    // A stream that ends gives its slot back.
    streams[0]!.close();
    await expect.poll(() => t.app.streamSlots.size).toBe(3);
    expect((await open(base, '/api/menu/events', '127.0.0.1')).status).toBe(200);
    for (const stream of [...streams, other]) stream.close();
    await expect.poll(() => t.app.streamSlots.size).toBe(1);
    eventStreams.closeAll();
    await expect.poll(() => t.app.streamSlots.size).toBe(0);
  });

  it('caps order streams per session, per account and per address, each with a 429; another address still gets in', async () => {
    const cora = await signUpUser(t.app, { name: 'Cora Capped' });
    // Per session: the cookie and the session's bearer token are one session.
    const bySession = [await open(base, '/api/orders/events', '127.0.0.1', cora.headers), await open(base, '/api/orders/events', '127.0.0.1', { cookie: cora.cookie })];
    expect(bySession.map((s) => s.status)).toEqual([200, 200]);
    expectRefused(await open(base, '/api/orders/events', '127.0.0.1', cora.headers), 'client');

    // Per account: a second session of the same account gets one more, then the account is full.
    const second = await signIn(t.app, cora.email, cora.password);
    expect((await open(base, '/api/orders/events', '127.0.0.1', { cookie: second.cookie })).status).toBe(200);
    expectRefused(await open(base, '/api/orders/events', '127.0.0.3', { cookie: second.cookie }), 'client');

    // Per address: another account from the same address takes the fourth, not a fifth.
    const andy = await signUpUser(t.app, { name: 'Andy Address' });
    expect((await open(base, '/api/orders/events', '127.0.0.1', andy.headers)).status).toBe(200);
    expectRefused(await open(base, '/api/orders/events', '127.0.0.1', andy.headers), 'client');
    const elsewhere = await open(base, '/api/orders/events', '127.0.0.2', andy.headers);
    expect(elsewhere.status).toBe(200);
    expect(await healthz(base, '127.0.0.1')).toBe(200);
    expect(t.app.orderStreams.size).toBe(5);
    eventStreams.closeAll();
    await expect.poll(() => t.app.streamSlots.size).toBe(0);
    expect(t.app.orderHub.connected).toBe(0);
  });

  it('keeps a shop-wide cap that no one address fills alone: past it a 429 for everyone, and /healthz answers', async () => {
    // One address holds at most 3 menu and 4 order streams: 7 of the 10.
    const users = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    for (let i = 0; i < 3; i++) expect((await open(base, '/api/menu/events', '127.0.0.1')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await open(base, '/api/orders/events', '127.0.0.1', users[i % 2]!.headers)).status).toBe(200);
    expectRefused(await open(base, '/api/menu/events', '127.0.0.1'), 'client');
    expect(t.app.streamSlots.size).toBe(7);
    // Others fill the rest; then the shop is full for a new address too.
    for (const from of ['127.0.0.2', '127.0.0.3', '127.0.0.4']) expect((await open(base, '/api/menu/events', from)).status).toBe(200);
    expectRefused(await open(base, '/api/menu/events', '127.0.0.5'), 'shop');
    expectRefused(await open(base, '/api/orders/events', '127.0.0.5', users[2]!.headers), 'shop');
    expect(await healthz(base, '127.0.0.5')).toBe(200);
    eventStreams.closeAll();
    await expect.poll(() => t.app.streamSlots.size).toBe(0);
  });
});

describe('event stream lifetime', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { STREAM_MAX_LIFETIME_MS: '400', SSE_HEARTBEAT_MS: '60000' } });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => t.close());

  it('ends each stream after STREAM_MAX_LIFETIME_MS: a `reconnect` frame and a short retry on the order stream, its slot given back', async () => {
    const user = await signUpUser(t.app);
    const started = performance.now();
    const orders = await open(base, '/api/orders/events', '127.0.0.1', user.headers);
    const menu = await open(base, '/api/menu/events', '127.0.0.1');
    expect([orders.status, menu.status]).toEqual([200, 200]);
    await Promise.all([orders.ended, menu.ended]);
    const lasted = performance.now() - started;
    expect(lasted).toBeGreaterThanOrEqual(350);
    expect(lasted).toBeLessThan(3000);
    expect(orders.frames.map((f) => f.event)).toEqual(['reconnect']);
    expect(orders.retry).toBe(500);
    expect(menu.retry).toBe(500);
    await expect.poll(() => t.app.streamSlots.size).toBe(0);
    expect(t.app.orderStreams.size).toBe(0);
    expect(t.app.orderHub.connected).toBe(0);
  });
});

describe('an order stream whose caller changed', () => {
  let t: TestApp;
  let base: string;
  let admin: TestUser;
  beforeAll(async () => {
    // A heartbeat of a minute: only the change's own notice can end the streams in time.
    t = await createTestApp({ seed: true, env: { SSE_HEARTBEAT_MS: '60000' } });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    admin = await signUpUser(t.app, { admin: true, name: 'Ada Admin' });
  });
  afterAll(async () => t.close());

  it('ends at once when an administrator demotes the staff member, who gets no order placed after it', async () => {
    const former = await signUpUser(t.app, { name: 'Stan Staff' });
    await makeStaff(t.app, former);
    const customer = await signUpUser(t.app, { name: 'Cid Customer' });
    const board = await open(base, '/api/orders/events', '127.0.0.1', { cookie: former.cookie });
    expect(board.status).toBe(200);
    await expect.poll(() => t.app.orderHub.connected).toBe(1);
    const before = (await placeOrder(t.app, customer)).order;
    await board.waitFor((f) => (JSON.parse(f.data) as Order)._id === before._id);

    const demoted = await t.app.inject({ method: 'PATCH', url: `/api/users/role/${former.id}`, headers: admin.headers, payload: { role: 'user' } });
    expect(demoted.json()).toEqual({ modifiedCount: 1 });
    const after = (await placeOrder(t.app, customer)).order;
    await board.ended;
    expect(board.frames.some((f) => f.data.includes(after._id))).toBe(false);
    expect(t.app.orderStreams.size).toBe(0);
  });

  it('ends at once when its session signs out', async () => {
    const user = await signUpUser(t.app);
    const stream = await open(base, '/api/orders/events', '127.0.0.1', { cookie: user.cookie });
    expect(stream.status).toBe(200);
    await expect.poll(() => t.app.orderStreams.size).toBe(1);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: user.cookie } });
    expect(out.statusCode).toBe(200);
    const ended = await Promise.race([stream.ended.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('still open'), 5000))]);
    expect(ended).toBe('ended');
    expect(t.app.orderStreams.size).toBe(0);
  });
});
