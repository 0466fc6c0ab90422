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
 * PostgreSQL: an expression that sends `name`'s event from inside the statement that makes the
 * change. A notice is delivered when its transaction commits and never if it rolls back, so the
 * change announces itself without a round trip after the COMMIT (the order's placement,
 * orders-repository.ts), and no crash between the two can lose the announcement. `payload` is SQL
 * making the payload's JSON; every process checks it against the event's schema as it arrives,
 * as it checks a published one.
 */
export function noticeInStatement(name: ShopEventName, payload: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`pg_notify(${sql.lit(CHANNEL)}, json_build_object('name', ${sql.lit(name)}, 'payload', ${payload})::text)`;
}

type Listener<N extends ShopEventName> = (payload: ShopEventPayload<N>) => void;

/**
 * The shop's typed events (names and payload schemas in src/shared/events.ts). Publish only
 * after the transaction that made the change has committed, so that a subscriber never reads a
 * change that is rolled back, and a subscriber that fails never undoes it (a notice sent from
 * inside a statement, noticeInStatement, is delivered only at the commit, so it keeps both).
 *
 * With SQLite there is one process, so an in-process emitter is enough. With PostgreSQL several
 * processes may run behind a load balancer, so events travel through LISTEN/NOTIFY (the
 * publisher hears its own NOTIFY too, and handles its event when it arrives, like every process).
 */
export interface EventBus {
  publish<N extends ShopEventName>(name: N, payload: ShopEventPayload<N>): Promise<void>;
  subscribe<N extends ShopEventName>(name: N, listener: Listener<N>): () => void;
  /**
   * Called when this process may have missed events (its listening connection dropped and came
   * back): a subscriber that keeps state reads it again.
   */
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
