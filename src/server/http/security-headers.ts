import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * Helmet's security headers, computed once at start-up and set from a plain object on each
 * request. @fastify/helmet builds Helmet's middlewares again on every request (parsing the CSP
 * directives each time): that was a tenth of the CPU of `GET /api/items`, whose budget is 0.8 of
 * a bare node:http server (docs/product.md §15, docs/performance.md). The headers are those of
 * the same plugin with the same options: a throw-away instance answers one request and its
 * headers are kept. No route has its own Helmet options or CSP nonces.
 * Returns the list, for the hijacked answers, which write their own headers.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<SecurityHeaders> {
  const probe = Fastify({ logger: false });
  await probe.register(fastifyHelmet, options);
  probe.get('/', async () => '');
  const answer = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const perAnswer = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  const headers = Object.entries(answer.headers)
    .filter(([name]) => !perAnswer.has(name.toLowerCase()))
    .map(([name, value]): [string, string] => [name, String(value)]);
  // On every answer Fastify sends (errors and 404s included); a hijacked answer writes its own
  // (snapshot-answer.ts, event-stream.ts), so a public read does not set them twice.
  app.addHook('onSend', (_request, reply, payload, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    done(null, payload);
  });
  return headers;
}

/** Helmet's headers as (name, value) pairs, in the order it sets them. */
export type SecurityHeaders = readonly (readonly [string, string])[];
