import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * @fastify/helmet rebuilds its middlewares (and parses the CSP) on every request, so a throw-away
 * instance with the same options answers once at start-up and its headers are replayed. Valid only
 * while no route has its own Helmet options or CSP nonces. Returned for hijacked answers.
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
