import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/server/db/database.ts';
import {
  FULFILMENT_TYPES,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  findTransition,
  type FulfilmentRequest,
  type FulfilmentType,
  type Order,
  type OrderStatus,
} from '../src/shared/orders.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { getOrder, moveBody, moveOrder, orderState, placeOrder, signUpCast, type OrderCast } from './order-helpers.ts';

/**
 * The workflow as the server enforces it, driven by the table in src/shared/order-workflow.ts:
 * every row is made once for each way of fulfilment it applies to (reached through the API), every
 * row refused for the ways it does not apply to, and every pair of statuses that is no row refused
 * from every status, each refusal a 409 that changes nothing.
 */
let t: TestApp;
let cast: OrderCast;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  cast = await signUpCast(t.app);
});
afterAll(async () => t.close());

const FULFILMENTS: Record<FulfilmentType, FulfilmentRequest> = {
  table: { type: 'table', table: '4' },
  pickup: { type: 'pickup' },
  delivery: { type: 'delivery', address: { line1: '1 Main St', city: 'Town', postalCode: '12345' }, phone: '+1 555 0100' },
};

/** The moves from `placed` to `status` for this way of fulfilment (a shortest path through the table). */
function pathTo(status: OrderStatus, type: FulfilmentType): OrderStatus[] | undefined {
  const queue: OrderStatus[][] = [['placed']];
  const seen = new Set<OrderStatus>(['placed']);
  while (queue.length > 0) {
    const route = queue.shift()!;
    const at = route.at(-1)!;
    if (at === status) return route.slice(1);
    for (const next of ORDER_STATUSES) {
      if (!seen.has(next) && findTransition(at, next, type)) {
        seen.add(next);
        queue.push([...route, next]);
      }
    }
  }
  return undefined;
}

/** A new order of this way, moved through the API to `status`. */
async function orderAt(status: OrderStatus, type: FulfilmentType): Promise<Order> {
  const { order } = await placeOrder(t.app, cast.customer, { fulfilment: FULFILMENTS[type] });
  let from: OrderStatus = 'placed';
  for (const to of pathTo(status, type)!) {
    const res = await moveOrder(t.app, cast.staff, order._id, moveBody(to, findTransition(from, to, type)!.needs));
    expect(res.statusCode, res.body).toBe(200);
    from = to;
  }
  return (await getOrder(t.app, cast.staff, order._id)).json<Order>();
}

describe('every row of the workflow table, for each way of fulfilment it applies to', () => {
  for (const row of ORDER_TRANSITIONS) {
    // Out for delivery is reached only by delivery orders: its row is made for those.
    for (const type of (row.onlyFor ?? FULFILMENT_TYPES).filter((f) => pathTo(row.from, f))) {
      it(`${row.from} → ${row.to} (${type})`, async () => {
        const before = await orderAt(row.from, type);
        const res = await moveOrder(t.app, cast.staff, before._id, moveBody(row.to, row.needs));
        expect(res.statusCode, res.body).toBe(200);
        const order = res.json<Order>();
        expect(order.status).toBe(row.to);
        const entry = order.timeline.at(-1)!;
        expect(entry).toMatchObject({ status: row.to, by: 'Stella Staff' });
        expect(order.timeline).toHaveLength(before.timeline.length + 1);
        if (row.needs === 'readyInMinutes') {
          const minutes = (Date.parse(order.readyBy!) - Date.parse(entry.at)) / 60_000;
          expect(minutes).toBe(20);
        }
        if (row.needs === 'reason') {
          expect(order.reason).toBe('We ran out of avocados');
          expect(entry.reason).toBe('We ran out of avocados');
        }
        if (row.refunds) expect(order.refund).toEqual({ amount: order.total, status: 'succeeded', attempt: 1 });
        else expect(order.refund).toBeUndefined();
        // The customer sees the move, not who made it.
        const mine = (await getOrder(t.app, cast.customer, order._id)).json<Order>();
        expect(mine.status).toBe(row.to);
        expect(mine.timeline.every((e) => e.by === undefined)).toBe(true);
      });
    }
  }
});

describe('every row refused for the ways of fulfilment it does not apply to', () => {
  for (const row of ORDER_TRANSITIONS.filter((r) => r.onlyFor)) {
    for (const type of FULFILMENT_TYPES.filter((f) => !row.onlyFor!.includes(f) && pathTo(row.from, f))) {
      it(`${row.from} → ${row.to} (${type}): 409`, async () => {
        const order = await orderAt(row.from, type);
        const before = await orderState(t.app, order._id);
        const res = await moveOrder(t.app, cast.staff, order._id, moveBody(row.to, row.needs));
        expect(res.statusCode, res.body).toBe(409);
        expect(await orderState(t.app, order._id)).toBe(before);
      });
    }
  }
});

describe('every pair of statuses that is no row of the table', () => {
  const isRow = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS.some((r) => r.from === from && r.to === to);
  for (const from of ORDER_STATUSES) {
    const refusedTargets = ORDER_STATUSES.filter((to) => !isRow(from, to));
    it(`from ${from}: ${refusedTargets.join(', ')} answer 409 and change nothing (every way of fulfilment)`, async () => {
      for (const type of FULFILMENT_TYPES) {
        const { order } = await placeOrder(t.app, cast.customer, { fulfilment: FULFILMENTS[type] });
        // Set straight in the database: some statuses cannot be reached by some ways (a table
        // order is never out for delivery), and the refusal must hold whatever the status.
        await t.database.db.updateTable('orders').set({ status: from }).where('id', '=', order._id).execute();
        const before = await orderState(t.app, order._id);
        for (const to of refusedTargets) {
          for (const body of [moveBody(to, undefined), moveBody(to, 'readyInMinutes'), moveBody(to, 'reason')]) {
            const res = await moveOrder(t.app, cast.staff, order._id, body);
            expect(res.statusCode, `${from} → ${to} (${type}) ${JSON.stringify(body)}: ${res.body}`).toBe(409);
          }
        }
        expect(await orderState(t.app, order._id)).toBe(before);
      }
    });
  }
});

describe('what a move must carry', () => {
  it('accept needs a ready-in time of 5 to 120 minutes; reject and cancel need a reason; nothing else takes either', async () => {
    const { order } = await placeOrder(t.app, cast.customer);
    const before = await orderState(t.app, order._id);
    const bad: Array<[object, string]> = [
      [{ status: 'accepted' }, 'readyInMinutes'],
      [{ status: 'accepted', readyInMinutes: 4 }, 'readyInMinutes'],
      [{ status: 'accepted', readyInMinutes: 121 }, 'readyInMinutes'],
      [{ status: 'accepted', readyInMinutes: 12.5 }, 'readyInMinutes'],
      [{ status: 'accepted', readyInMinutes: '20' }, 'readyInMinutes'],
      [{ status: 'accepted', readyInMinutes: 20, reason: 'why not' }, 'reason'],
      [{ status: 'rejected' }, 'reason'],
      [{ status: 'rejected', reason: '   ' }, 'reason'],
      [{ status: 'rejected', reason: 'x'.repeat(301) }, 'reason'],
      [{ status: 'rejected', reason: 'Closed', readyInMinutes: 20 }, 'readyInMinutes'],
      [{ status: 'eaten' }, 'status'],
      [{}, 'status'],
    ];
    for (const [body, field] of bad) {
      const res = await moveOrder(t.app, cast.staff, order._id, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json<{ fieldErrors: object }>().fieldErrors)).toContain(field);
    }
    expect(await orderState(t.app, order._id)).toBe(before);
    const preparing = await orderAt('accepted', 'pickup');
    const res = await moveOrder(t.app, cast.staff, preparing._id, { status: 'preparing', reason: 'because' });
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 for an unknown order', async () => {
    expect((await moveOrder(t.app, cast.staff, 'no-such-order', { status: 'accepted', readyInMinutes: 10 })).statusCode).toBe(404);
  });
});

describe('two staff pressing at once', () => {
  let second: { app: FastifyInstance; database: DatabaseHandle };
  beforeAll(async () => {
    // A second app with its own connections to the same database, as a second process would be.
    let database: DatabaseHandle;
    if (t.database.kind === 'postgres') database = openDatabase({ dataDir: '', databaseUrl: t.database.postgresUrl! });
    else {
      const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(t.database.db);
      database = openDatabase({ dataDir: path.dirname(rows[0]!.file) });
    }
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), 'unused') });
    const app = await buildApp({ config, database, webDir: path.join(os.tmpdir(), 'no-web-app'), logger: false });
    await app.ready();
    second = { app, database };
  });
  afterAll(async () => {
    await second.app.close();
    await second.database.db.destroy();
  });

  it('one wins (200), the other gets 409, and the timeline has the move once', async () => {
    for (const [first, other] of [
      [{ status: 'accepted', readyInMinutes: 15 }, { status: 'accepted', readyInMinutes: 30 }],
      [{ status: 'accepted', readyInMinutes: 15 }, { status: 'rejected', reason: 'Closing early' }],
    ] as const) {
      for (let round = 0; round < 3; round++) {
        const { order } = await placeOrder(t.app, cast.customer);
        const answers = await Promise.all([moveOrder(t.app, cast.staff, order._id, first), moveOrder(second.app, cast.admin, order._id, other)]);
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
        const winner = answers.find((a) => a.statusCode === 200)!.json<Order>();
        const stored = (await getOrder(t.app, cast.staff, order._id)).json<Order>();
        expect(stored.status).toBe(winner.status);
        expect(stored.timeline.map((e) => e.status)).toEqual(['placed', winner.status]);
        const refunds = await t.database.db.selectFrom('sandbox_refunds').select('id').where('intent_id', '=', order.transactionId).execute();
        expect(refunds).toHaveLength(winner.status === 'rejected' ? 1 : 0);
      }
    }
  });
});
