import type { FastifyInstance } from 'fastify';

/**
 * Node's requestTimeout stops trickled headers but not a body sent a byte at a time, so a body
 * must arrive within the same time from its headers or the connection is closed. A callback hook,
 * so bodiless requests make no promise.
 */
export function registerRequestDeadline(app: FastifyInstance, timeoutMs: number): void {
  app.addHook('onRequest', (request, reply, done) => {
    const hasBody = request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined;
    if (hasBody && !request.raw.complete) {
      const timer = setTimeout(() => {
        // Destroying the request closes its connection; a request made in-process (app.inject) has no socket to close.
        if (!request.raw.complete) request.raw.destroy();
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
