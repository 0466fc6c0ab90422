import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ORDER_STREAM_EVENTS, ORDER_STREAM_REPLAY_LIMIT, ORDER_STREAM_RETRY_MS } from '../../shared/orders.ts';
import { isStaff } from '../../shared/roles.ts';
import { bearerStillValid, standingSessions } from '../auth/authenticate.ts';
import { orderFrame, type OrderFrame } from './order-hub.ts';
import { startEventStream } from '../http/event-stream.ts';
import { clientAddressKey, streamLifetime } from '../http/stream-slots.ts';

/** A stream whose client reads slower than this many bytes behind is closed; it resumes on reconnect. */
const MAX_BEHIND_BYTES = 1 << 20;
/** The browser's wait before it reconnects a stream ended at its lifetime: short, nothing failed. */
const RECONNECT_AFTER_LIFETIME_MS = 500;

interface OpenStream {
  request: FastifyRequest;
  /** Opened through an order's signed link: the link is its only credential, so no caller to check. */
  orderId?: string;
  sessionId: string;
  userId: string;
  staff: boolean;
  write(text: string): void;
  close(): void;
  /** Holds the order frames that arrive until `resume`: its caller is being checked again. */
  pause(): void;
  resume(): void;
}

/**
 * The open order streams of this app. One timer for all of them: every SSE_HEARTBEAT_MS it checks
 * every stream's caller in one query (the session still exists and has not expired, the bearer
 * token is still valid, a staff stream's caller is still staff), ends the streams whose caller
 * is not, and writes a comment line on the others so proxies keep them open. Any change of a
 * session or a user, in any process (a sign-out, a role changed, an account deleted: the
 * `sessions.changed` notice, this process's own write, SQLite's other writers), makes the same
 * check at once; until it is done every stream holds its order frames, so a demoted staff member
 * or a signed-out session gets no order written after the change.
 */
export class OrderStreams {
  private readonly app: FastifyInstance;
  private readonly open = new Set<OpenStream>();
  private timer: NodeJS.Timeout | undefined;
  private readonly stops: Array<() => void> = [];
  private checking: Promise<void> | undefined;
  private again = false;

  constructor(app: FastifyInstance) {
    this.app = app;
  }

  get size(): number {
    return this.open.size;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.check(true), this.app.config.SSE_HEARTBEAT_MS);
    this.timer.unref();
    const { events, database } = this.app;
    this.stops.push(
      events.subscribe('sessions.changed', () => this.recheck()),
      events.onResync(() => this.recheck()),
      database.watchedWrites.onWrite((topic) => {
        if (topic === 'sign-in') this.recheck();
      }),
    );
  }

  /** A session or user changed somewhere: hold every stream's frames and check every caller now. */
  recheck(): void {
    if (this.open.size === 0) return;
    for (const stream of this.open) stream.pause();
    if (this.checking) {
      this.again = true;
      return;
    }
    this.checking = (async () => {
      do {
        this.again = false;
        await this.check(false);
      } while (this.again);
      this.checking = undefined;
    })();
  }

  /** Resolves when no check made by a change is running (tests wait on it). */
  async settled(): Promise<void> {
    while (this.checking) await this.checking;
  }

  /**
   * Ends every stream (the app is closing: their clients reconnect to another process). Each gets a
   * `retry:` hint first, spread over twice the usual wait, so the clients of a stopping process do
   * not all come back in the same instant.
   */
  closeAll(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    for (const stop of this.stops.splice(0)) stop();
    for (const stream of [...this.open]) {
      stream.write(`retry: ${ORDER_STREAM_RETRY_MS + Math.floor(Math.random() * ORDER_STREAM_RETRY_MS)}\n\n`);
      stream.close();
    }
  }

  add(stream: OpenStream): void {
    this.open.add(stream);
  }

  delete(stream: OpenStream): void {
    this.open.delete(stream);
  }

  /**
   * Checks every open stream's caller; ends those that no longer stand, resumes the others (with a
   * heartbeat line on the timer's round). A failed read leaves held streams held until one succeeds.
   */
  private async check(heartbeat: boolean): Promise<void> {
    if (this.open.size === 0) return;
    const streams = [...this.open];
    let sessions;
    try {
      sessions = await standingSessions(this.app, [...new Set(streams.filter((s) => s.orderId === undefined).map((s) => s.sessionId))]);
    } catch (error) {
      this.app.log.warn({ err: error }, 'order streams not checked');
      return;
    }
    const now = Date.now();
    for (const stream of streams) {
      const session = sessions.get(stream.sessionId);
      const standing =
        stream.orderId !== undefined ||
        (session !== undefined &&
        session.userId === stream.userId &&
        (!stream.staff || isStaff(session.role)) &&
        (await bearerStillValid(this.app, stream.request, now)));
      if (!standing) stream.close();
      else {
        if (heartbeat) stream.write(': heartbeat\n\n');
        stream.resume();
      }
    }
  }
}

/**
 * GET /api/orders/events, after requireUser: Server-Sent Events of order changes. Staff and
 * administrators get every order's; a customer only their own. GET /api/orders/by-link/:token/events
 * (decision 0047) passes the order its checked link opens instead of a caller: that order's only. Each frame is
 * `id: <order_events.id>`, `event: order`, `data: <the Order, as GET /api/orders/:id answers>`.
 *
 * Resuming without a gap or a double: the stream joins the hub first and holds what arrives,
 * then reads from the database what changed after `lastEventId`, then lets the held frames
 * through, skipping ids already sent; from then on an id at or below the last sent is never sent.
 *
 * Capped per client address, account and session, and in all (a 429 past a cap); ended after
 * STREAM_MAX_LIFETIME_MS with a `reconnect` event, on which the web app connects again at once.
 */
export async function streamOrders(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  lastEventId: number | undefined,
  subject: { user: NonNullable<FastifyRequest['user']> } | { orderId: string } = { user: request.user! },
): Promise<void> {
  const user = 'user' in subject ? subject.user : undefined;
  const orderId = 'orderId' in subject ? subject.orderId : undefined;
  const staff = user !== undefined && isStaff(user.role);
  const { config } = app;
  const address: [string, number] = [`order|address:${clientAddressKey(request.ip)}`, config.ORDER_STREAMS_PER_ADDRESS];
  // A link's streams count against the order as a session's do: one link cannot hold the server's slots.
  const release = app.streamSlots.takeOrRefuse(
    reply,
    user
      ? [address, [`order|account:${user.id}`, config.ORDER_STREAMS_PER_ACCOUNT], [`order|session:${user.sessionId}`, config.ORDER_STREAMS_PER_SESSION]]
      : [address, [`order|link:${orderId!}`, config.ORDER_STREAMS_PER_SESSION]],
  );

  const raw = startEventStream(request, reply, app.answers.securityHeaders);

  let closed = false;
  let lastSent = lastEventId ?? 0;
  // Frames wait here while the stream starts, and while its caller is checked again (paused).
  const held: OrderFrame[] = [];
  let starting = true;
  let paused = false;
  let disconnect: (() => void) | undefined;
  const flush = () => {
    if (starting || paused) return;
    for (const frame of held.splice(0)) send(frame);
  };
  const stream: OpenStream = {
    request,
    ...(orderId !== undefined && { orderId }),
    sessionId: user?.sessionId ?? '',
    userId: user?.id ?? '',
    staff,
    write: (text) => {
      if (closed) return;
      raw.write(text);
      if (raw.writableLength > MAX_BEHIND_BYTES) stream.close();
    },
    close: () => {
      if (closed) return;
      closed = true;
      clearTimeout(lifetime);
      release();
      held.length = 0;
      app.orderStreams.delete(stream);
      disconnect?.();
      raw.end();
    },
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
      flush();
    },
  };
  // Ended on purpose: the web app connects again at once on `reconnect` (use-order-events.ts), a
  // bare EventSource after the short retry, and both resume after the last id they had.
  const lifetime = setTimeout(() => {
    stream.write(`retry: ${RECONNECT_AFTER_LIFETIME_MS}\nevent: ${ORDER_STREAM_EVENTS.reconnect}\ndata: {}\n\n`);
    stream.close();
  }, streamLifetime(config.STREAM_MAX_LIFETIME_MS));
  lifetime.unref();
  const send = (frame: OrderFrame) => {
    if (frame.eventId <= lastSent) return;
    lastSent = frame.eventId;
    stream.write(frame.text(staff));
  };
  // The response closes when the client goes (or the stream is ended here): let go of everything.
  raw.once('close', stream.close);
  request.raw.socket.once('close', stream.close);
  app.orderStreams.add(stream);

  stream.write(`retry: ${ORDER_STREAM_RETRY_MS}\n\n`);
  try {
    disconnect = await app.orderHub.connect({
      staff,
      userId: user?.id ?? '',
      ...(orderId !== undefined && { orderId }),
      deliver: (frame) => {
        if (!starting && !paused) return send(frame);
        held.push(frame);
        // Held long (its caller's check cannot read the database): ended; the client resumes from its last id.
        if (held.length > ORDER_STREAM_REPLAY_LIMIT) stream.close();
      },
    });
    if (closed) return disconnect();
    if (lastEventId !== undefined) {
      const newest = await app.orders.lastEventId();
      // An id the log has not reached (a client of another database) could hide changes for long.
      const changed =
        lastEventId > newest
          ? undefined
          : user
            ? await app.orders.changedSince(lastEventId, { id: user.id, name: user.name, role: user.role }, ORDER_STREAM_REPLAY_LIMIT)
            : await app.orders.changedSinceOfOrder(lastEventId, orderId!);
      if (changed === undefined) {
        // Too much to replay, or an id from elsewhere: the client reloads its list, then goes on from here.
        lastSent = newest;
        stream.write(`id: ${lastSent}\nevent: ${ORDER_STREAM_EVENTS.resync}\ndata: {}\n\n`);
      } else {
        for (const { eventId, order } of changed) {
          const text = orderFrame(eventId, JSON.stringify(order));
          send({ eventId, orderId: order._id, userId: user?.id ?? null, text: () => text });
        }
      }
    }
    starting = false;
    flush();
  } catch (error) {
    request.log.warn({ err: error }, 'order stream failed to start');
    stream.close();
  }
}
