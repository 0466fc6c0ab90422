import type { FastifyInstance } from 'fastify';

/**
 * Node's requestTimeout closes a client that trickles its headers, but once the headers are in,
 * a body sent a byte at a time holds the connection for as long as the client likes (measured:
 * still open after 15 s with a 1.5 s timeout). So a request that has a body must have all of it
 * within the same time, counted from its headers, or its connection is closed.
 * A callback hook: it runs on every request, and most have no body (no promise for them).
 */
export function registerRequestDeadline(app: FastifyInstance, timeoutMs: number): void {
  app.addHook('onRequest', (request, reply, done) => {
    const hasBody = request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined;
    if (hasBody && !request.raw.complete) {
      const timer = setTimeout(() => {
        if (!request.raw.complete) request.raw.socket?.destroy();
      }, timeoutMs);
      timer.unref();
      const clear = () => clearTimeout(timer);
      request.raw.once('end', clear);
      request.raw.once('close', clear);
      reply.raw.once('finish', clear);
    }
    done();
  });
}
