import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartPlugin } from '../src/server/cart/cart-plugin.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the app shell', () => {
  it('sends security headers with a CSP that allows no inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/items' });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  // src/server/app.ts is a list of plugins (docs/decisions/0041-app-as-plugins.md): each names those it needs.
  it('refuses to start a part without the plugins it names', async () => {
    const bare = Fastify({ logger: false });
    await expect(bare.register(cartPlugin)).rejects.toMatchObject({ code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED' });
    await bare.close();
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('refuses a body with a __proto__ key with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}}',
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2_000_000) }),
    });
    expect(res.statusCode).toBe(413);
  });

  it('refuses a cross-site write before any route runs', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/items',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
    const fetchSite = await t.app.inject({
      method: 'DELETE',
      url: '/api/items/x',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(fetchSite.statusCode).toBe(403);
  });
});
