import { EventEmitter } from 'node:events';
import { sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import { isShopEventName, SHOP_EVENTS, type ShopEventName, type ShopEventPayload } from '../../shared/events.ts';
import type { DatabaseHandle } from '../db/database.ts';

/** The one PostgreSQL channel every event travels on, as `{ "name": …, "payload": … }`. */
const CHANNEL = 'shop_events';
/** Emitted locally when events may have been missed (the listening connection was lost). */
const RESYNC = Symbol('resync');

/**
 * PostgreSQL: sends the event from inside the changing statement. NOTIFY is delivered only on
 * commit, so this saves a round trip after the COMMIT and no crash in between can lose it.
 * `payload` is SQL; receivers check it against the schema as for any event.
 */
export function noticeInStatement(name: ShopEventName, payload: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`pg_notify(${sql.lit(CHANNEL)}, json_build_object('name', ${sql.lit(name)}, 'payload', ${payload})::text)`;
}

type Listener<N extends ShopEventName> = (payload: ShopEventPayload<N>) => void;

/**
 * Publish only after the change has committed, so subscribers never see a rolled-back change and
 * a failing subscriber never undoes one. SQLite: an in-process emitter. PostgreSQL: LISTEN/NOTIFY,
 * and the publisher handles its own event when its NOTIFY arrives, like every other process.
 */
export interface EventBus {
  publish<N extends ShopEventName>(name: N, payload: ShopEventPayload<N>): Promise<void>;
  subscribe<N extends ShopEventName>(name: N, listener: Listener<N>): () => void;
  /** Events may have been missed (the listening connection dropped): state kept from them must be read again. */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
}

interface Logger {
  warn(obj: unknown, msg: string): void;
}

export async function createEventBus(handle: DatabaseHandle, log: Logger): Promise<EventBus> {
  const local = new EventEmitter();
  // Each board and customer stream subscribes: the default of 10 listeners is far too few.
  local.setMaxListeners(0);

  const deliver = (name: string, payload: unknown) => {
    if (!isShopEventName(name)) return log.warn({ name }, 'unknown event ignored');
    const parsed = SHOP_EVENTS[name].safeParse(payload);
    if (!parsed.success) return log.warn({ name, issues: parsed.error.issues }, 'event with a bad payload ignored');
    for (const listener of local.listeners(name)) {
      try {
        listener(parsed.data);
      } catch (error) {
        // One failing subscriber must not keep the event from the others.
        log.warn({ err: error, name }, 'event subscriber failed');
      }
    }
  };

  const subscriptions = {
    subscribe<N extends ShopEventName>(name: N, listener: Listener<N>) {
      local.on(name, listener);
      return () => void local.off(name, listener);
    },
    onResync(listener: () => void) {
      local.on(RESYNC, listener);
      return () => void local.off(RESYNC, listener);
    },
  };

  if (handle.kind === 'sqlite' || !handle.postgresUrl) {
    // No event travels between SQLite processes: another process's commit (a command, a test, an
    // operator) makes every subscriber that keeps state read it again, as after a missed event.
    const stopWatching = handle.onWrittenElsewhere(() => local.emit(RESYNC));
    return {
      ...subscriptions,
      publish: async (name, payload) => deliver(name, SHOP_EVENTS[name].parse(payload)),
      close: async () => {
        stopWatching();
        local.removeAllListeners();
      },
    };
  }

  const postgresUrl = handle.postgresUrl;
  let client: pg.Client | undefined;
  let closed = false;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: postgresUrl });
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        const { name, payload } = JSON.parse(message.payload) as { name: string; payload: unknown };
        deliver(name, payload);
      } catch (error) {
        log.warn({ err: error }, 'unreadable event ignored');
      }
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'event listener connection lost; reconnecting');
      client = undefined;
      if (!closed) setTimeout(() => void reconnect(), 1000).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    client = next;
  }

  async function reconnect(): Promise<void> {
    try {
      await connect();
      // Events may have been missed while disconnected: every subscriber that keeps state reads again.
      local.emit(RESYNC);
    } catch {
      if (!closed) setTimeout(() => void reconnect(), 1000).unref();
    }
  }

  await connect();

  return {
    ...subscriptions,
    publish: async (name, payload) => {
      const message = JSON.stringify({ name, payload: SHOP_EVENTS[name].parse(payload) });
      await sql`select pg_notify(${CHANNEL}, ${message})`.execute(handle.db);
    },
    close: async () => {
      closed = true;
      local.removeAllListeners();
      await client?.end();
    },
  };
}
