import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../src/shared/errors.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The framework's own refusals (issue 45, point 4): an unknown path, a wrong method, a bad URL, a
 * too long parameter and too large headers each answer the API's error shape with their status.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The answer's body in the error shape, with the status it says. */
function expectApiError(body: string, statusCode: number, code: string): void {
  const parsed = apiErrorSchema.strict().parse(JSON.parse(body));
  expect(parsed).toMatchObject({ statusCode, code });
  expect(parsed.message.length).toBeGreaterThan(5);
}

/** A raw request over a socket of its own, for what Node's parser refuses before Fastify sees it. */
function rawRequest(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe("the framework's refusals answer the API's error shape", () => {
  it('an unknown path: 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(res.statusCode).toBe(404);
    expectApiError(res.body, 404, 'NOT_FOUND');
  });

  it('a wrong method: 405 with Allow naming the methods the path takes', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/cart' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
    expectApiError(res.body, 405, 'METHOD_NOT_ALLOWED');
    // A path with a parameter, and a spec call's (PATCH and DELETE share it with GET).
    const item = await t.app.inject({ method: 'POST', url: '/api/items/some-id' });
    expect(item.statusCode).toBe(405);
    expect(item.headers.allow).toBe('DELETE, GET, HEAD, PATCH');
    const users = await t.app.inject({ method: 'POST', url: '/api/users/admin/someone' });
    expect(users.statusCode).toBe(405);
    expect(users.headers.allow).toBe('DELETE, GET, HEAD, PATCH');
  });

  it('a bad URL (a broken %-escape): 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/items/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expectApiError(res.body, 400, 'BAD_URL');
  });

  it('a too long parameter: 414', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/items/${'a'.repeat(500)}` });
    expect(res.statusCode).toBe(414);
    expectApiError(res.body, 414, 'URI_TOO_LONG');
  });

  it('too large headers, and a malformed request: 431 and 400 from the real server', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const large = await rawRequest(port, `GET /api/items HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(40_000)}\r\n\r\n`);
    expect(large).toMatch(/^HTTP\/1\.1 431 /);
    expectApiError(large.slice(large.indexOf('\r\n\r\n') + 4), 431, 'HEADERS_TOO_LARGE');
    const longQuery = await rawRequest(port, `GET /api/items?q=${'q'.repeat(40_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(longQuery).toMatch(/^HTTP\/1\.1 (414|431) /);
    expect(() => apiErrorSchema.parse(JSON.parse(longQuery.slice(longQuery.indexOf('\r\n\r\n') + 4)))).not.toThrow();
    const malformed = await rawRequest(port, 'NOT A REQUEST\r\n\r\n');
    expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
    expectApiError(malformed.slice(malformed.indexOf('\r\n\r\n') + 4), 400, 'BAD_REQUEST');
  });
});
