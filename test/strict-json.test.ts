import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useStrictJson } from '../src/server/http/strict-json.ts';
import { BadRequestError } from '../src/server/http/errors.ts';

/**
 * The JSON parser of the write routes (src/server/http/strict-json.ts) on its own, with no route
 * schema behind it to refuse what it lets through.
 */
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  app.setErrorHandler((error, _request, reply) => reply.code(error instanceof BadRequestError ? 400 : 500).send({ message: (error as Error).message }));
  useStrictJson(app);
  app.post('/echo', async (request) => ({ body: request.body }));
  await app.ready();
});
afterAll(() => app.close());

const post = (payload: string) => app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload });

describe('the strict JSON parser', () => {
  it('passes a body on as JSON.parse reads it, escapes included', async () => {
    const res = await post('{"itemId":"a\\u00e9","options":{"constructor":"a plain word"},"list":[1,{"x":null}]}');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ body: { itemId: 'aé', options: { constructor: 'a plain word' }, list: [1, { x: null }] } });
  });

  it('refuses a __proto__ or constructor.prototype key, at any depth, however it is written', async () => {
    for (const payload of [
      '{"__proto__":{"role":"admin"}}',
      '{"a":[{"b":{"__proto__":{}}}]}',
      '{"constructor":{"prototype":{"admin":true}}}',
      '{"\\u005f_proto__":{"role":"admin"}}',
      '{"constru\\u0063tor":{"prototype":{"admin":true}}}',
    ]) {
      const res = await post(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message, payload).toBe('The body holds a forbidden key');
    }
  });

  it('refuses a key given twice in one object, and a body that is not JSON', async () => {
    const twice = await post('{"itemId":"a","itemId":"b"}');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('The key "itemId" appears more than once');
    const broken = await post('{"itemId":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The body is not valid JSON');
  });
});
