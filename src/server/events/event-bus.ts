import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseHandle } from '../db/database.ts';

export type ShopEvent = 'menu_changed';

/**
 * Events that must reach every process of the shop. With SQLite there is one process, so an
 * in-process emitter is enough; with PostgreSQL several processes may run behind a load
 * balancer, so events travel through LISTEN/NOTIFY (the publisher hears its own NOTIFY too).
 */
export interface EventBus {
  publish(event: ShopEvent): Promise<void>;
  subscribe(event: ShopEvent, listener: () => void): void;
  close(): Promise<void>;
}

export async function createEventBus(
  handle: DatabaseHandle,
  log: { warn(obj: unknown, msg: string): void },
): Promise<EventBus> {
  const local = new EventEmitter();
  if (handle.kind === 'sqlite' || !handle.postgresUrl) {
    return {
      publish: async (event) => void local.emit(event),
      subscribe: (event, listener) => void local.on(event, listener),
      close: async () => void local.removeAllListeners(),
    };
  }

  const postgresUrl = handle.postgresUrl;
  const channels = new Set<ShopEvent>();
  let client: pg.Client | undefined;
  let closed = false;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: postgresUrl });
    next.on('notification', (message) => local.emit(message.channel));
    next.on('error', (error) => {
      log.warn({ err: error }, 'event listener connection lost; reconnecting');
      // Events may have been missed while disconnected: every subscriber refreshes.
      for (const channel of channels) local.emit(channel);
      client = undefined;
      if (!closed) setTimeout(() => void connect().catch(() => undefined), 1000).unref();
    });
    await next.connect();
    for (const channel of channels) await next.query(`LISTEN ${channel}`);
    client = next;
  }
  await connect();

  return {
    publish: async (event) => {
      await sql.raw(`NOTIFY ${event}`).execute(handle.db);
    },
    subscribe: (event, listener) => {
      local.on(event, listener);
      if (!channels.has(event)) {
        channels.add(event);
        void client?.query(`LISTEN ${event}`);
      }
    },
    close: async () => {
      closed = true;
      local.removeAllListeners();
      await client?.end();
    },
  };
}
