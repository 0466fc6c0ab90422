import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AnswerConditions, SnapshotAnswers, SnapshotBytes } from './snapshot-answer.ts';

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
    const conditions = request.method === 'GET' && !closing && !logsEveryRequest() ? earlyConditions(request.rawHeaders) : undefined;
    if (!conditions) {
      fastify(request, response);
      return;
    }
    const url = request.url!;
    beforeEarlyAnswer?.();
    for (const early of routes) {
      const bytes = early.bytesFor(url);
      if (!bytes) continue;
      if (!observe) answers.send(response, bytes, conditions);
      else {
        // Metrics on (METRICS_TOKEN): the time to write the answer, counted under the route's own labels.
        const started = performance.now();
        answers.send(response, bytes, conditions);
        observe(early.route, response.statusCode, (performance.now() - started) / 1000);
      }
      return;
    }
    fastify(request, response);
  });
}

/**
 * The conditions of a request that can be answered early, read from its raw header list: node
 * builds `request.headers` (an object, each name lower-cased) only when it is first read, a tenth
 * of a small early answer's own time (docs/performance.md, issue 23 part 1). Undefined for a
 * request with a body (Content-Length, Transfer-Encoding) or with either condition sent twice:
 * Fastify's route answers those.
 */
export function earlyConditions(rawHeaders: string[]): AnswerConditions | undefined {
  let ifNoneMatch: string | undefined;
  let acceptEncoding: string | undefined;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    // Only names of one of the four lengths are lower-cased and compared.
    switch (name.length) {
      case 13:
        if (name.toLowerCase() !== 'if-none-match') break;
        if (ifNoneMatch !== undefined) return undefined;
        ifNoneMatch = rawHeaders[i + 1]!;
        break;
      case 15:
        if (name.toLowerCase() !== 'accept-encoding') break;
        if (acceptEncoding !== undefined) return undefined;
        acceptEncoding = rawHeaders[i + 1]!;
        break;
      case 14:
        if (name.toLowerCase() === 'content-length') return undefined;
        break;
      case 17:
        if (name.toLowerCase() === 'transfer-encoding') return undefined;
        break;
    }
  }
  return { ifNoneMatch, acceptEncoding };
}
