import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createScene, send, type Scene } from './scene.ts';

/** Limits: oversized bodies, prototype keys, and clients too slow to finish a request. */
let s: Scene;
beforeAll(async () => {
  s = await createScene({ BODY_LIMIT: '65536' });
});
afterAll(async () => s.t.close());

const JSON_WRITES = [
  { url: '/api/cart', who: 'owner' },
  { url: '/api/payment', who: 'owner' },
  { url: '/api/create-payment-intent', who: 'owner' },
  { url: '/api/auth/sign-up/email', who: 'none' },
  { url: '/api/jwt', who: 'owner' },
  { url: '/api/items', who: 'admin' },
] as const;

function headersFor(who: 'owner' | 'admin' | 'none') {
  const auth = who === 'owner' ? s.owner.headers : who === 'admin' ? s.admin.headers : {};
  return { ...auth, 'content-type': 'application/json' };
}

describe('limits: bodies', () => {
  it('a body over BODY_LIMIT gets 413 on every JSON route, whichever parser it uses', async () => {
    for (const { url, who } of JSON_WRITES) {
      const res = await send(s.app, { method: 'POST', url, headers: headersFor(who), payload: JSON.stringify({ itemId: 'x'.repeat(70_000) }) });
      expect(res.statusCode, url).toBe(413);
    }
  });

  it('a __proto__ or constructor.prototype key gets 400 on every JSON route, at any depth', async () => {
    const bodies = [
      '{"__proto__":{"role":"admin"}}',
      `{"itemId":"x","__proto__":{"admin":true}}`,
      '{"a":{"b":{"__proto__":{"x":1}}}}',
      '{"constructor":{"prototype":{"admin":true}}}',
      '[{"__proto__":{}}]',
    ];
    for (const { url, who } of JSON_WRITES) {
      for (const payload of bodies) {
        const res = await send(s.app, { method: 'POST', url, headers: headersFor(who), payload });
        expect(res.statusCode, `${url} ${payload}`).toBe(400);
      }
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(await s.app.db.selectFrom('cart_items').selectAll().execute()).toEqual([]);
  });

  it('a body that is not JSON, or JSON of the wrong type, gets 400 or 415, never a 5xx', async () => {
    for (const { url, who } of JSON_WRITES) {
      for (const [type, payload] of [
        ['application/json', '{'],
        ['application/json', 'null'],
        ['application/json', '"text"'],
        ['application/json', '1e999999'],
        ['application/json', '[' .repeat(5000)],
        ['text/plain', 'itemId=x'],
        ['application/x-www-form-urlencoded', 'itemId=x'],
        ['multipart/form-data; boundary=x', '--x--'],
      ] as const) {
        const res = await send(s.app, { method: 'POST', url, headers: { ...headersFor(who), 'content-type': type }, payload });
        expect(res.statusCode, `${url} ${type} ${payload.slice(0, 20)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${url} ${type} ${payload.slice(0, 20)}: ${res.body.slice(0, 100)}`).toBeLessThan(500);
      }
    }
  });

  it('a visitor\'s body to a signed-in route is refused by its headers, before it is read or parsed', async () => {
    // A repeated key would be a 400 from the parser: a 401 shows the parser never ran.
    const payload = `{${Array.from({ length: 2000 }, (_, i) => `"k${i % 1000}":1`).join(',')}}`;
    for (const { url, who } of JSON_WRITES) {
      if (who === 'none') continue;
      const res = await send(s.app, { method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, url).toBe(401);
      // The connection goes with the answer: the rest of a large body is not waited for.
      expect(res.headers.connection, url).toBe('close');
    }
  });

  it('cart, payment, token and account bodies take a few KB; the menu\'s item routes take BODY_LIMIT', async () => {
    const nineKb = JSON.stringify({ itemId: 'x'.repeat(9 * 1024) });
    for (const { url, who } of JSON_WRITES) {
      const res = await send(s.app, { method: 'POST', url, headers: headersFor(who), payload: nineKb });
      if (url === '/api/items') expect(res.statusCode, url).toBe(400);
      else expect(res.statusCode, url).toBe(413);
    }
  });

  it('a path parameter over 200 characters is refused without reaching a route', async () => {
    const res = await send(s.app, { method: 'GET', url: `/api/items/${'a'.repeat(300)}` });
    expect(res.statusCode).toBe(414);
  });
});

describe('limits: slow clients', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { REQUEST_TIMEOUT_MS: '1500' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => t.close());

  /** Opens a connection that trickles a request one header line every 300 ms; answers when the server closed it. */
  function trickle(body: boolean): Promise<{ closedAfterMs: number; answer: string }> {
    return new Promise((resolve) => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      let n = 0;
      const timer = setInterval(() => {
        if (socket.writable) socket.write(body ? 'x' : `X-Slow-${n++}: 1\r\n`);
      }, 300);
      socket.on('connect', () =>
        // The body goes to a route a visitor may post to (sign-up), within its body limit, so it is waited for.
        socket.write(body ? 'POST /api/auth/sign-up/email HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n' : 'GET /api/items HTTP/1.1\r\nHost: a\r\n'),
      );
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ closedAfterMs: Date.now() - started, answer });
      });
      // Guard: a connection still open after 15 s means the server is being held.
      setTimeout(() => socket.destroy(), 15_000).unref();
    });
  }

  it('30 connections trickling headers or a body are closed after the request timeout, and others are served meanwhile', async () => {
    const slow = [...Array.from({ length: 20 }, () => trickle(false)), ...Array.from({ length: 10 }, () => trickle(true))];
    await new Promise((r) => setTimeout(r, 500));
    const started = Date.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/items`);
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    const results = await Promise.all(slow);
    for (const r of results) {
      // Closed by the server (408, or a plain close), well before the 15 s guard.
      expect(r.closedAfterMs).toBeGreaterThanOrEqual(1400);
      expect(r.closedAfterMs).toBeLessThan(5000);
      if (r.answer) expect(r.answer).toMatch(/^HTTP\/1\.1 408/);
    }
  });
});
