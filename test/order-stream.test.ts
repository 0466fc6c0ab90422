import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, type EventStream, type SseFrame } from '../bench/lib/event-stream.ts';
import type { Order } from '../src/shared/orders.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { getOrder, moveOrder, placeOrder, signUpCast, type OrderCast } from './order-helpers.ts';

/**
 * GET /api/orders/events over a real socket (the app listens on a free port), read as a browser's
 * EventSource reads it: who gets which frames, resuming with Last-Event-ID (or ?lastEventId=)
 * without a gap or a double, heartbeats, and the end of a stream whose session or role ended.
 */
let t: TestApp;
let cast: OrderCast;
let base: string;
const open: EventStream[] = [];

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { SSE_HEARTBEAT_MS: '150' } });
  cast = await signUpCast(t.app);
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await t.close();
});

async function connect(user: TestUser | undefined, options: { lastEventId?: number; query?: string; cookie?: boolean } = {}): Promise<EventStream> {
  const headers: Record<string, string> = {};
  if (user) Object.assign(headers, options.cookie ? { cookie: user.cookie } : user.headers);
  if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId);
  const stream = await openEventStream(`${base}/api/orders/events${options.query ?? ''}`, headers);
  open.push(stream);
  return stream;
}

const orderOf = (frame: SseFrame) => JSON.parse(frame.data) as Order;
const framesOf = (stream: EventStream, orderId: string) => stream.frames.filter((f) => f.event === 'order' && orderOf(f)._id === orderId);
async function newestEventId(orderId: string): Promise<number> {
  const row = await t.database.db.selectFrom('order_events').select((eb) => eb.fn.max('id').as('id')).where('order_id', '=', orderId).executeTakeFirstOrThrow();
  return Number(row.id);
}
/** Every stream's frames come in increasing id order, never one id twice. */
function expectIncreasingIds(stream: EventStream) {
  const ids = stream.frames.filter((f) => f.id !== undefined).map((f) => Number(f.id));
  expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
}

describe('GET /api/orders/events', () => {
  it('refuses a visitor (401) and a bad Last-Event-ID (400) before streaming, holding nothing', async () => {
    const visitor = await connect(undefined);
    expect(visitor.status).toBe(401);
    await visitor.ended;
    const badHeader = await openEventStream(`${base}/api/orders/events`, { ...cast.customer.headers, 'last-event-id': 'abc' });
    expect(badHeader.status).toBe(400);
    await badHeader.ended;
    const badQuery = await connect(cast.customer, { query: '?lastEventId=-1' });
    expect(badQuery.status).toBe(400);
    await badQuery.ended;
    expect(JSON.parse(badQuery.body())).toHaveProperty('fieldErrors');
    expect(t.app.orderHub.connected).toBe(0);
  });

  it("streams every order's change to staff: id = the timeline row, event order, data = the Order as GET answers it", async () => {
    const staff = await connect(cast.staff);
    expect(staff.status).toBe(200);
    expect(staff.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(staff.headers['cache-control']).toBe('no-store');
    expect(staff.headers['content-security-policy']).toBeDefined();
    expect(staff.headers['x-request-id']).toEqual(expect.any(String));
    await expect.poll(() => staff.retry).toBe(3000);

    const { order } = await placeOrder(t.app, cast.another);
    const placed = await staff.waitFor((f) => orderOf(f)._id === order._id);
    expect(placed.event).toBe('order');
    expect(Number(placed.id)).toBe(await newestEventId(order._id));
    expect(orderOf(placed)).toEqual((await getOrder(t.app, cast.staff, order._id)).json());

    await moveOrder(t.app, cast.staff, order._id, { status: 'accepted', readyInMinutes: 25 });
    const accepted = await staff.waitFor((f) => orderOf(f)._id === order._id && orderOf(f).status === 'accepted');
    expect(orderOf(accepted).timeline.at(-1)!.by).toBe('Stella Staff');
    expect(Number(accepted.id)).toBeGreaterThan(Number(placed.id));
    expectIncreasingIds(staff);
    staff.close();
  });

  it("gives a customer only their own orders' changes, without who made them; an administrator gets all", async () => {
    const mine = await connect(cast.customer, { cookie: true }); // EventSource signs in by the session cookie
    const admin = await connect(cast.admin);
    await expect.poll(() => t.app.orderHub.connected).toBeGreaterThanOrEqual(2);
    const theirs = (await placeOrder(t.app, cast.another)).order;
    const own = (await placeOrder(t.app, cast.customer)).order;
    await moveOrder(t.app, cast.staff, own._id, { status: 'accepted', readyInMinutes: 10 });
    await moveOrder(t.app, cast.staff, theirs._id, { status: 'rejected', reason: 'Closed' });
    await mine.waitFor((f) => orderOf(f)._id === own._id && orderOf(f).status === 'accepted');
    await admin.waitFor((f) => orderOf(f)._id === theirs._id && orderOf(f).status === 'rejected' && orderOf(f).refund?.status === 'succeeded');
    // The last change (the refund of the other's order) has reached the administrator; the customer
    // would have had it by now too.
    expect(framesOf(mine, theirs._id)).toEqual([]);
    expect(mine.frames.every((f) => orderOf(f).customer.email === cast.customer.email)).toBe(true);
    expect(JSON.stringify(mine.frames)).not.toContain('Stella Staff');
    expect(framesOf(admin, own._id).length).toBeGreaterThan(0);
    expect(orderOf(framesOf(admin, own._id).at(-1)!).timeline.at(-1)!.by).toBe('Stella Staff');
    mine.close();
    admin.close();
  });

  it('resumes from Last-Event-ID: the changes missed meanwhile, once each, none of another customer, then live', async () => {
    const first = await connect(cast.customer);
    const own = (await placeOrder(t.app, cast.customer)).order;
    const seen = Number((await first.waitFor((f) => orderOf(f)._id === own._id)).id);
    first.close();
    await expect.poll(() => t.app.orderHub.connected).toBe(0);

    // While the customer is away: two moves of their order, and another customer's order.
    await moveOrder(t.app, cast.staff, own._id, { status: 'accepted', readyInMinutes: 10 });
    const theirs = (await placeOrder(t.app, cast.another)).order;
    await moveOrder(t.app, cast.staff, own._id, { status: 'preparing' });
    const newest = await newestEventId(own._id);

    const again = await connect(cast.customer, { lastEventId: seen });
    const caughtUp = await again.waitFor((f) => orderOf(f)._id === own._id);
    // One frame for the order, with its newest id and state: the state is what a view needs.
    expect(Number(caughtUp.id)).toBe(newest);
    expect(orderOf(caughtUp).status).toBe('preparing');
    await moveOrder(t.app, cast.staff, own._id, { status: 'ready' });
    const live = await again.waitFor((f) => orderOf(f).status === 'ready');
    expect(Number(live.id)).toBe(await newestEventId(own._id));
    expect(framesOf(again, theirs._id)).toEqual([]);
    expect(framesOf(again, own._id).map((f) => orderOf(f).status)).toEqual(['preparing', 'ready']);
    expectIncreasingIds(again);
    again.close();

    // The same through ?lastEventId= (the first connection of an EventSource); the header wins over it.
    const byQuery = await connect(cast.customer, { query: `?lastEventId=${seen}` });
    expect(Number((await byQuery.waitFor((f) => orderOf(f)._id === own._id)).id)).toBe(await newestEventId(own._id));
    byQuery.close();
    const both = await connect(cast.customer, { query: `?lastEventId=${seen}`, lastEventId: await newestEventId(own._id) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(both.frames).toEqual([]);
    both.close();
  });

  it('misses nothing and doubles nothing when streams (re)connect while orders change', async () => {
    const start = Number((await t.database.db.selectFrom('order_events').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id);
    const changes = (async () => {
      const orders: Order[] = [];
      for (let i = 0; i < 6; i++) {
        const user = i % 2 === 0 ? cast.customer : cast.another;
        const { order } = await placeOrder(t.app, user);
        orders.push(order);
        await moveOrder(t.app, cast.staff, order._id, { status: 'accepted', readyInMinutes: 10 });
      }
      return orders;
    })();
    const streams: Array<{ stream: EventStream; user: TestUser }> = [];
    for (let i = 0; i < 6; i++) {
      const user = [cast.customer, cast.staff, cast.another][i % 3]!;
      streams.push({ stream: await connect(user, { lastEventId: start }), user });
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    const orders = await changes;
    for (const { stream, user } of streams) {
      const visible = orders.filter((o) => user === cast.staff || o.customer.email === user.email);
      for (const order of visible) {
        const newest = await newestEventId(order._id);
        await stream.waitFor((f) => orderOf(f)._id === order._id && Number(f.id) === newest);
        expect(orderOf(framesOf(stream, order._id).at(-1)!).status).toBe('accepted');
      }
      const others = orders.filter((o) => !visible.includes(o));
      for (const order of others) expect(framesOf(stream, order._id)).toEqual([]);
      expectIncreasingIds(stream);
      stream.close();
    }
  });

  it('sends a heartbeat comment on a quiet stream, and a resync frame for an id the log has not reached', async () => {
    const stream = await connect(cast.customer, { lastEventId: 1_000_000 });
    const resync = await stream.waitFor((f) => f.event === 'resync');
    const newest = Number((await t.database.db.selectFrom('order_events').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id);
    expect(Number(resync.id)).toBe(newest);
    await expect.poll(() => stream.comments.filter((c) => c === 'heartbeat').length, { timeout: 3000 }).toBeGreaterThanOrEqual(2);
    stream.close();
  });

  it('ends when its session ends or its staff role is taken away, and lets go of its subscription', async () => {
    const user = await signUpUser(t.app);
    const customerStream = await connect(user);
    await expect.poll(() => t.app.orderHub.connected).toBeGreaterThanOrEqual(1);
    await t.database.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    await customerStream.ended;

    const former = await signUpUser(t.app);
    await t.database.db.updateTable('users').set({ role: 'staff' }).where('id', '=', former.id).execute();
    const staffStream = await connect(former);
    await expect.poll(() => staffStream.retry).toBe(3000);
    await t.database.db.updateTable('users').set({ role: 'user' }).where('id', '=', former.id).execute();
    await staffStream.ended;

    // A bearer token ends its stream when it expires, even while its session goes on.
    const holder = await signUpUser(t.app);
    const session = await t.database.db.selectFrom('sessions').select('id').where('user_id', '=', holder.id).executeTakeFirstOrThrow();
    const shortLived = await t.app.accessTokens.sign({ sub: holder.id, sid: session.id, email: holder.email, exp: Math.floor(Date.now() / 1000) + 2 });
    const tokenStream = await openEventStream(`${base}/api/orders/events`, { authorization: `Bearer ${shortLived}` });
    open.push(tokenStream);
    expect(tokenStream.status).toBe(200);
    await tokenStream.ended;
    await expect.poll(() => t.app.orderHub.connected).toBe(0);
    expect(t.app.orderStreams.size).toBe(0);
  });
});
