import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ORDER_STREAM_EVENTS, ORDER_STREAM_REPLAY_LIMIT, ORDER_STREAM_RETRY_MS } from '../../shared/orders.ts';
import { isStaff } from '../../shared/roles.ts';
import { bearerStillValid, standingSessions } from '../auth/authenticate.ts';
import { orderFrame, type OrderFrame } from './order-hub.ts';
import { startEventStream } from '../http/event-stream.ts';

/** A stream whose client reads slower than this many bytes behind is closed; it resumes on reconnect. */
const MAX_BEHIND_BYTES = 1 << 20;

interface OpenStream {
  request: FastifyRequest;
  sessionId: string;
  userId: string;
  staff: boolean;
  write(text: string): void;
  close(): void;
}

/**
 * The open order streams of this app. One timer for all of them: every SSE_HEARTBEAT_MS it checks
 * every stream's caller in one query (the session still exists and has not expired, the bearer
 * token is still valid, a staff stream's caller is still staff), ends the streams whose caller
 * is not, and writes a comment line on the others so proxies keep them open.
 */
export class OrderStreams {
  private readonly app: FastifyInstance;
  private readonly open = new Set<OpenStream>();
  private timer: NodeJS.Timeout | undefined;

  constructor(app: FastifyInstance) {
    this.app = app;
  }

  get size(): number {
    return this.open.size;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.heartbeat(), this.app.config.SSE_HEARTBEAT_MS);
    this.timer.unref();
  }

  /**
   * Ends every stream (the app is closing: their clients reconnect to another process). Each gets a
   * `retry:` hint first, spread over twice the usual wait, so the clients of a stopping process do
   * not all come back in the same instant.
   */
  closeAll(): void {
    clearInterval(this.timer);
    this.timer = undefined;
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

  private async heartbeat(): Promise<void> {
    if (this.open.size === 0) return;
    const streams = [...this.open];
    let sessions;
    try {
      sessions = await standingSessions(this.app, [...new Set(streams.map((s) => s.sessionId))]);
    } catch (error) {
      this.app.log.warn({ err: error }, 'order streams not checked');
      return;
    }
    const now = Date.now();
    for (const stream of streams) {
      const session = sessions.get(stream.sessionId);
      const standing =
        session !== undefined &&
        session.userId === stream.userId &&
        (!stream.staff || isStaff(session.role)) &&
        (await bearerStillValid(this.app, stream.request, now));
      if (standing) stream.write(': heartbeat\n\n');
      else stream.close();
    }
  }
}

/**
 * GET /api/orders/events, after requireUser: Server-Sent Events of order changes. Staff and
 * administrators get every order's; a customer only their own. Each frame is
 * `id: <order_events.id>`, `event: order`, `data: <the Order, as GET /api/orders/:id answers>`.
 *
 * Resuming without a gap or a double: the stream joins the hub first and holds what arrives,
 * then reads from the database what changed after `lastEventId`, then lets the held frames
 * through, skipping ids already sent; from then on an id at or below the last sent is never sent.
 */
export async function streamOrders(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  lastEventId: number | undefined,
): Promise<void> {
  const user = request.user!;
  const staff = isStaff(user.role);
  const viewer = { id: user.id, name: user.name, role: user.role };

  const raw = startEventStream(request, reply, app.answers.securityHeaders);

  let closed = false;
  let lastSent = lastEventId ?? 0;
  let held: OrderFrame[] | undefined = [];
  let disconnect: (() => void) | undefined;
  const stream: OpenStream = {
    request,
    sessionId: user.sessionId,
    userId: user.id,
    staff,
    write: (text) => {
      if (closed) return;
      raw.write(text);
      if (raw.writableLength > MAX_BEHIND_BYTES) stream.close();
    },
    close: () => {
      if (closed) return;
      closed = true;
      app.orderStreams.delete(stream);
      disconnect?.();
      raw.end();
    },
  };
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
      userId: user.id,
      deliver: (frame) => (held ? held.push(frame) : send(frame)),
    });
    if (closed) return disconnect();
    if (lastEventId !== undefined) {
      const newest = await app.orders.lastEventId();
      // An id the log has not reached (a client of another database) could hide changes for long.
      const changed = lastEventId > newest ? undefined : await app.orders.changedSince(lastEventId, viewer, ORDER_STREAM_REPLAY_LIMIT);
      if (changed === undefined) {
        // Too much to replay, or an id from elsewhere: the client reloads its list, then goes on from here.
        lastSent = newest;
        stream.write(`id: ${lastSent}\nevent: ${ORDER_STREAM_EVENTS.resync}\ndata: {}\n\n`);
      } else {
        for (const { eventId, order } of changed) {
          const text = orderFrame(eventId, JSON.stringify(order));
          send({ eventId, userId: user.id, text: () => text });
        }
      }
    }
    const waiting = held;
    held = undefined;
    for (const frame of waiting) send(frame);
  } catch (error) {
    request.log.warn({ err: error }, 'order stream failed to start');
    stream.close();
  }
}
