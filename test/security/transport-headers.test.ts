import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createScene, send, type Scene } from './scene.ts';

/** Transport and headers: what the browser is told, and writes from other sites refused. */
let s: Scene;
beforeAll(async () => {
  s = await createScene();
});
afterAll(async () => s.t.close());

function directives(csp: string): Map<string, string> {
  return new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values.join(' ')]));
}

describe('transport: security headers', () => {
  it('a strict CSP on every kind of answer: no inline or eval script, no plugins, no framing', async () => {
    for (const url of ['/api/items', '/api/nope', s.imageUrl, '/api/review']) {
      const res = await send(s.app, { method: 'GET', url });
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp.get('default-src'), url).toBe("'self'");
      expect(csp.get('script-src'), url).toBe("'self'");
      expect(csp.get('object-src'), url).toBe("'none'");
      expect(csp.get('frame-ancestors'), url).toBe("'none'");
      expect(csp.get('base-uri'), url).toBe("'self'");
      expect(csp.get('form-action'), url).toBe("'self'");
      expect(csp.get('connect-src'), url).toBe("'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('no HSTS outside production (a local shop on http would lock itself out)', async () => {
    const res = await send(s.app, { method: 'GET', url: '/api/items' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it("an uploaded picture is served with its real type, so a browser never runs it as a page", async () => {
    const res = await send(s.app, { method: 'GET', url: s.imageUrl });
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('transport: production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { NODE_ENV: 'production', ALLOW_SANDBOX_IN_PRODUCTION: 'true', PUBLIC_URL: 'https://shop.example', RATE_LIMIT_SIGN_UP: '1000' },
    });
  });
  afterAll(async () => t.close());

  it('sends HSTS for a year with subdomains, and upgrades insecure requests', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/items' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000; includeSubDomains/);
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it('sets the session cookie HttpOnly, SameSite and Secure', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://shop.example' },
      payload: { name: 'Prod', email: 'prod-cookie@example.test', password: 'pw-prod-12345' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = res.cookies.find((c) => c.name.endsWith('session_token'))!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.secure).toBe(true);
    expect(String(cookie.sameSite).toLowerCase()).toMatch(/lax|strict/);
  });
});

describe('transport: other sites', () => {
  it('a cross-site write with the victim cookie is refused before anything changes', async () => {
    const count = async () => (await s.app.db.selectFrom('cart_items').selectAll().where('user_id', '=', s.owner.id).execute()).length;
    const before = await count();
    const attempts = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://localhost.evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site', origin: 'http://localhost:80' },
    ];
    for (const headers of attempts) {
      const res = await send(s.app, { method: 'POST', url: '/api/cart', headers: { ...headers, cookie: s.owner.cookie }, payload: { itemId: s.itemId } });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      const del = await send(s.app, { method: 'DELETE', url: `/api/users/admin/${s.other.id}`, headers: { ...headers, cookie: s.admin.cookie } });
      expect(del.statusCode, JSON.stringify(headers)).toBe(403);
      const out = await send(s.app, { method: 'POST', url: '/api/auth/sign-out', headers: { ...headers, cookie: s.owner.cookie }, payload: {} });
      expect(out.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect(await count()).toBe(before);
    // The control: the shop's own page may write with the cookie.
    const own = await send(s.app, {
      method: 'POST',
      url: '/api/cart',
      headers: { origin: 'http://shop.example:8080', host: 'shop.example:8080', 'sec-fetch-site': 'same-origin', cookie: s.owner.cookie },
      payload: { itemId: s.itemId },
    });
    expect(own.statusCode).toBe(201);
  });

  it('CORS stays closed: no Access-Control-Allow-* for another origin, preflight included', async () => {
    const preflight = await send(s.app, {
      method: 'OPTIONS',
      url: '/api/cart',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
    for (const url of ['/api/items', '/api/payments', '/api/auth/get-session']) {
      const res = await send(s.app, { method: 'GET', url, headers: { origin: 'https://evil.example', cookie: s.owner.cookie } });
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
    }
  });
});
