import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { OrderService } from './order-service.ts';
import { withoutStaffNames } from './order-view.ts';
import { lastOrderEventId, listEventsAfter } from './orders-repository.ts';

/** One change, ready to write: the whole SSE frame, as staff see it or as its customer does. */
export interface OrderFrame {
  eventId: number;
  orderId: string;
  /** The order's customer: a customer's stream takes only frames of their own orders. */
  userId: string | null;
  /** Made once per view, on first use, and shared by every stream of that view. */
  text(staff: boolean): string;
}

export interface HubListener {
  staff: boolean;
  userId: string;
  /** A stream opened through an order's signed link takes that order's frames only. */
  orderId?: string;
  deliver(frame: OrderFrame): void;
}

/** Events read per query when a hub catches up (after a lost connection, many may be waiting). */
const BATCH = 500;

interface Logger {
  warn(obj: unknown, msg: string): void;
}

/** An SSE frame of one order change. JSON has no raw line breaks, so the data is one line. */
export function orderFrame(eventId: number, json: string): string {
  return `id: ${eventId}\nevent: order\ndata: ${json}\n\n`;
}

/**
 * The one reader of order changes for every stream of this process: each change is read from the
 * database once (the order and its timeline), turned into its frames once, and written to every
 * stream that may see it. It reads every event after the last one it handled, not only the one
 * announced: events commit in id order (orders-repository.ts, lockOrderEvents), so what it reads
 * has no holes, and an announcement that was lost (a dropped LISTEN connection, a failed NOTIFY)
 * is made up by the next one or by the bus's resync.
 */
export class OrderHub {
  private readonly db: Kysely<Database>;
  private readonly events: EventBus;
  private readonly orders: OrderService;
  private readonly log: Logger;
  private readonly listeners = new Set<HubListener>();
  private last = 0;
  private ready: Promise<void> | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  /** The highest id announced: with nobody listening there is nothing to read up to it. */
  private announced = 0;
  private readonly stops: Array<() => void> = [];

  constructor(options: { db: Kysely<Database>; events: EventBus; orders: OrderService; log: Logger }) {
    this.db = options.db;
    this.events = options.events;
    this.orders = options.orders;
    this.log = options.log;
  }

  /** Subscribes, then reads where the event log stands: streams connected after this miss nothing. */
  start(): Promise<void> {
    this.ready ??= (async () => {
      this.stops.push(
        this.events.subscribe('order.changed', (change) => {
          this.announced = Math.max(this.announced, change.eventId);
          this.schedule();
        }),
        this.events.onResync(() => this.schedule()),
      );
      this.last = await lastOrderEventId(this.db);
    })();
    return this.ready;
  }

  /** Adds a stream's listener once the hub knows where the log stands; answers how to remove it. */
  async connect(listener: HubListener): Promise<() => void> {
    await this.start();
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  get connected(): number {
    return this.listeners.size;
  }

  close(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.listeners.clear();
  }

  /** One catch-up at a time; announcements during one make one more. */
  private schedule(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      await this.ready;
      do {
        this.again = false;
        try {
          await this.catchUp();
        } catch (error) {
          // The next announcement reads from the same place again.
          this.log.warn({ err: error }, 'order changes not read');
        }
      } while (this.again);
      this.running = undefined;
    })();
  }

  private async catchUp(): Promise<void> {
    for (;;) {
      if (this.listeners.size === 0) {
        // A stream that connects later reads its own catch-up from the database.
        this.last = Math.max(this.last, this.announced);
        return;
      }
      const events = await listEventsAfter(this.db, this.last, BATCH);
      if (events.length === 0) return;
      const orders = await this.orders.readForStaff([...new Set(events.map((e) => e.orderId))]);
      for (const event of events) {
        const order = orders.get(event.orderId);
        if (!order) continue;
        const texts: { staff?: string; customer?: string } = {};
        this.fanOut({
          eventId: event.id,
          orderId: event.orderId,
          userId: event.userId,
          text: (staff) =>
            staff
              ? (texts.staff ??= orderFrame(event.id, JSON.stringify(order)))
              : (texts.customer ??= orderFrame(event.id, JSON.stringify(withoutStaffNames(order)))),
        });
      }
      this.last = events.at(-1)!.id;
      if (events.length < BATCH) return;
    }
  }

  private fanOut(frame: OrderFrame): void {
    for (const listener of this.listeners) {
      if (listener.orderId !== undefined ? listener.orderId !== frame.orderId : !listener.staff && listener.userId !== frame.userId) continue;
      try {
        listener.deliver(frame);
      } catch (error) {
        this.log.warn({ err: error }, 'order stream listener failed');
      }
    }
  }
}
