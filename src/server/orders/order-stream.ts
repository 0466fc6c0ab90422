import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ORDER_STREAM_EVENTS, ORDER_STREAM_REPLAY_LIMIT, ORDER_STREAM_RETRY_MS } from '../../shared/orders.ts';
import { isStaff } from '../../shared/roles.ts';
import { resolveCaller } from '../auth/authenticate.ts';
import { orderFrame, type OrderFrame } from './order-hub.ts';

/** A stream whose client reads slower than this many bytes behind is closed; it resumes on reconnect. */
const MAX_BEHIND_BYTES = 1 << 20;

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

  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    // The security headers set for every answer (Fastify's own writer is bypassed here).
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // nginx and similar proxies would hold the frames back to fill a buffer.
    'x-accel-buffering': 'no',
  });
  request.raw.socket.setTimeout(0);

  let closed = false;
  let lastSent = lastEventId ?? 0;
  let held: OrderFrame[] | undefined = [];
  const write = (text: string) => {
    if (closed) return;
    raw.write(text);
    if (raw.writableLength > MAX_BEHIND_BYTES) close();
  };
  const send = (frame: OrderFrame) => {
    if (frame.eventId <= lastSent) return;
    lastSent = frame.eventId;
    write(frame.text(staff));
  };

  let disconnect: (() => void) | undefined;
  const heartbeat = setInterval(() => void beat(), app.config.SSE_HEARTBEAT_MS);
  heartbeat.unref();
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    disconnect?.();
    raw.end();
  };
  // The response closes when the client goes (or the stream is ended here): let go of everything.
  raw.once('close', () => {
    close();
    app.orderStreams.delete(close);
  });
  request.raw.socket.once('close', close);
  app.orderStreams.add(close);

  /**
   * A comment line keeps proxies from closing a quiet stream. The caller is checked again each
   * time: a stream ends with the session it was opened in, or when its staff role is taken away.
   */
  async function beat(): Promise<void> {
    try {
      const caller = await resolveCaller(app, request);
      if (!caller || caller.id !== user.id || (staff && !isStaff(caller.role))) return close();
    } catch {
      return close();
    }
    write(': heartbeat\n\n');
  }

  write(`retry: ${ORDER_STREAM_RETRY_MS}\n\n`);
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
        write(`id: ${lastSent}\nevent: ${ORDER_STREAM_EVENTS.resync}\ndata: {}\n\n`);
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
    close();
  }
}
