import { randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/server/db/database.ts';
import { OTHER_WRITERS_LOOK_MS } from '../src/server/db/node-sqlite-dialect.ts';
import { createEventBus, type EventBus } from '../src/server/events/event-bus.ts';
import type { ShopEventPayload } from '../src/shared/events.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const silent = { warn: () => undefined };

function nextEvent<N extends 'order.changed' | 'menu.changed'>(bus: EventBus, name: N): Promise<ShopEventPayload<N>> {
  return new Promise((resolve) => {
    const stop = bus.subscribe(name, (payload) => {
      stop();
      resolve(payload);
    });
  });
}

describe('typed event bus', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp();
  });
  afterAll(async () => shop.close());

  it('delivers an event with its payload to its subscribers, and stops after unsubscribing', async () => {
    const bus = shop.app.events;
    const payload = { eventId: 7, orderId: 'o-1', userId: 'u-1', status: 'placed' } as const;
    const arriving = nextEvent(bus, 'order.changed');
    await bus.publish('order.changed', payload);
    expect(await arriving).toEqual(payload);

    let calls = 0;
    const stop = bus.subscribe('menu.changed', () => calls++);
    stop();
    await bus.publish('menu.changed', {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(0);
  });

  it('refuses to publish a payload that does not match its schema', async () => {
    await expect(
      shop.app.events.publish('order.changed', { eventId: -1, orderId: 'o', userId: null, status: 'eaten' } as never),
    ).rejects.toThrow();
  });

  it('keeps delivering to the others when one subscriber throws', async () => {
    const bus = shop.app.events;
    bus.subscribe('menu.changed', () => {
      throw new Error('subscriber bug');
    });
    const arriving = nextEvent(bus, 'menu.changed');
    await bus.publish('menu.changed', {});
    await expect(arriving).resolves.toEqual({});
  });

  it.runIf(!onPostgres())("on SQLite, has its subscribers read again after another connection's commit, not after its own", async () => {
    let resyncs = 0;
    const stop = shop.app.events.onResync(() => resyncs++);
    const review = (id: string) => ({ id, name: 'Guest', image: '/api/images/x.webp', details: 'Fine.', created_at: new Date().toISOString() });
    try {
      await shop.app.db.insertInto('reviews').values(review(randomUUID())).execute();
      await sleep(OTHER_WRITERS_LOOK_MS * 2);
      expect(resyncs).toBe(0);
      const other = new DatabaseSync(shop.database.file!);
      const { id, name, image, details, created_at } = review(randomUUID());
      other.prepare('insert into reviews (id, name, image, details, created_at) values (?, ?, ?, ?, ?)').run(id, name, image, details, created_at);
      other.close();
      await vi.waitFor(() => expect(resyncs).toBe(1), { timeout: OTHER_WRITERS_LOOK_MS * 5, interval: 10 });
    } finally {
      stop();
    }
  });

  it.runIf(onPostgres())('carries an event and its payload to another process on the same PostgreSQL', async () => {
    // A second bus on its own connection stands for a second shop process.
    const other = openDatabase({ dataDir: '', databaseUrl: shop.database.postgresUrl! });
    const otherBus = await createEventBus(other, silent);
    try {
      const payload = { eventId: 42, orderId: 'o-2', userId: null, status: 'accepted' } as const;
      const arriving = nextEvent(otherBus, 'order.changed');
      await shop.app.events.publish('order.changed', payload);
      expect(await arriving).toEqual(payload);
    } finally {
      await otherBus.close();
      await other.db.destroy();
    }
  });
});

function onPostgres(): boolean {
  return Boolean(process.env.TEST_DATABASE_URL);
}
