import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { startEventStream } from '../http/event-stream.ts';
import { clientAddressKey, streamLifetime } from '../http/stream-slots.ts';

/** The browser's wait before it reconnects a stream ended at its lifetime: short, nothing failed. */
const RECONNECT_AFTER_LIFETIME_MS = 500;

/**
 * GET /api/menu/events: Server-Sent Events for the public pages that show dishes (the order page,
 * a dish page). Each menu change (the 'menu.changed' event of the bus, from any process) sends
 * `event: menu` with the menu's new ETag, and the page reads the menu again: a dish marked sold
 * out shows so on a customer's open page without a reload. Public: it says only that the menu
 * changed. A comment line every SSE_HEARTBEAT_MS keeps proxies from closing it. At most
 * MENU_STREAMS_PER_ADDRESS per client address and STREAMS_MAX with the order streams (a 429 past
 * them: the page still works, it just does not follow), each for STREAM_MAX_LIFETIME_MS at most.
 */
export function menuStreamRoutes(app: FastifyInstance): void {
  const open = new Set<ServerResponse>();
  const send = (text: string) => {
    for (const raw of open) raw.write(text);
  };
  const unsubscribe = app.events.subscribe('menu.changed', () => {
    // The snapshot is rebuilt on the first read after a change; its ETag tells the page what it has.
    void app.menu.current().then(
      (snapshot) => send(`event: menu\ndata: ${JSON.stringify({ etag: snapshot.etag })}\n\n`),
      () => send('event: menu\ndata: {}\n\n'),
    );
  });
  const heartbeat = setInterval(() => send(': heartbeat\n\n'), app.config.SSE_HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    unsubscribe();
    for (const raw of [...open]) raw.end();
  });

  app.get('/menu/events', { schema: { summary: 'Live menu changes (server-sent events)' }, compress: false, config: { errors: { 429: 'Too many live pages open from here, or the shop holds all it can: wait as many seconds as Retry-After says' } } }, async (request, reply) => {
    const release = app.streamSlots.takeOrRefuse(reply, [[`menu|address:${clientAddressKey(request.ip)}`, app.config.MENU_STREAMS_PER_ADDRESS]]);
    const raw = startEventStream(request, reply, app.answers.securityHeaders);
    open.add(raw);
    const close = () => {
      clearTimeout(lifetime);
      release();
      open.delete(raw);
      raw.end();
    };
    // Ended on purpose: the browser's EventSource reconnects by itself, soon, and takes a new slot.
    const lifetime = setTimeout(() => {
      raw.write(`retry: ${RECONNECT_AFTER_LIFETIME_MS}\n\n`);
      close();
    }, streamLifetime(app.config.STREAM_MAX_LIFETIME_MS));
    lifetime.unref();
    raw.once('close', close);
    request.raw.socket.once('close', close);
    raw.write('retry: 5000\n\n');
  });
}
