import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { SnapshotAnswers, SnapshotBytes } from './snapshot-answer.ts';

/**
 * A public read answered before Fastify: for a request's URL, the snapshot's bytes when this path
 * answers it, else undefined (then Fastify's route answers, with the same writer).
 */
export interface EarlyRoute {
  /** The route's pattern as Fastify knows it, for the metrics (`/api/items/:id`). */
  route: string;
  bytesFor(url: string): SnapshotBytes | undefined;
}

/** Reports each early answer to the metrics (ops/metrics.ts), when they are on. */
export type EarlyObserver = (route: string, statusCode: number, seconds: number) => void;

/**
 * Puts the public reads' answers in front of Fastify on the app's server (decision 0014, widened
 * by 0029): a `GET` without a body whose URL one of `routes` answers from its snapshot is written
 * at once; every other request goes on to Fastify untouched, and so does this one while every
 * request is logged (`logsEveryRequest`: Fastify writes each request's line), while the app
 * closes (Fastify then answers with `Connection: close`), or in any other form (another query,
 * a HEAD, a bad parameter: the routes answer those, with their 400s).
 * What Fastify would add to such a request adds nothing: the security headers are the same list,
 * the cross-site guard and the body deadline concern writes and bodies, no rate limit applies.
 * `app.inject` does not pass through the server: tests of this path use a real connection.
 */
export function answerBeforeFastify(
  app: FastifyInstance,
  answers: SnapshotAnswers,
  routes: readonly EarlyRoute[],
  options: { logsEveryRequest: () => boolean; observe?: EarlyObserver; beforeEarlyAnswer?: () => void },
): void {
  const listeners = app.server.listeners('request');
  // Fastify serves through one 'request' listener; anything else means its internals changed.
  if (listeners.length !== 1) throw new Error(`Expected Fastify's one request listener on the server, found ${listeners.length}`);
  const fastify = listeners[0] as (request: IncomingMessage, response: ServerResponse) => void;
  const { logsEveryRequest, observe, beforeEarlyAnswer } = options;
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });

  app.server.removeListener('request', fastify);
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'GET' || closing || request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined || logsEveryRequest()) {
      fastify(request, response);
      return;
    }
    const url = request.url!;
    beforeEarlyAnswer?.();
    for (const early of routes) {
      const bytes = early.bytesFor(url);
      if (!bytes) continue;
      if (!observe) answers.write(request, response, bytes);
      else {
        // Metrics on (METRICS_TOKEN): the time to write the answer, counted under the route's own labels.
        const started = performance.now();
        answers.write(request, response, bytes);
        observe(early.route, response.statusCode, (performance.now() - started) / 1000);
      }
      return;
    }
    fastify(request, response);
  });
}
