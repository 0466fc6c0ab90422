import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../src/shared/categories.ts';
import type { MenuItem } from '../src/shared/menu.ts';
import { listen, rawRequest, recordFastifyRequests, throughFastify as viaFastify } from './helpers/raw-http.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// GET /api/items is answered before Fastify on a real connection (src/server/menu/menu-answer.ts);
// app.inject goes through Fastify's route. These tests talk to a listening server.
let t: TestApp;
let base: string;
/** Requests that reached Fastify's hooks, by method and URL. */
const seenByFastify: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    beforeReady: recordFastifyRequests(seenByFastify),
  });
  base = await listen(t.app);
});
afterAll(async () => t.close());

const request = (path: string, headers: Record<string, string> = {}, method = 'GET', body?: string) => rawRequest(base, path, headers, method, body);
const throughFastify = (path: string, headers: Record<string, string> = {}) => viaFastify(t.app, path, headers);

describe('GET /api/items before Fastify', () => {
  it('sends what the route sends, byte for byte and header for header, without reaching Fastify', async () => {
    const etag = (await fetch(`${base}/api/items`)).headers.get('etag')!;
    const cases: [string, Record<string, string>][] = [
      ['/api/items', {}],
      ['/api/items', { 'accept-encoding': 'gzip, deflate, br' }],
      ['/api/items', { 'if-none-match': etag }],
      ['/api/items', { 'accept-encoding': 'gzip;q=0' }],
      ...CATEGORIES.map((category): [string, Record<string, string>] => [`/api/items?category=${category}`, { 'accept-encoding': 'gzip' }]),
    ];
    for (const [path, headers] of cases) {
      seenByFastify.length = 0;
      const direct = await request(path, headers);
      expect(seenByFastify, `${path} ${JSON.stringify(headers)}`).toEqual([]);
      const routed = await throughFastify(path, headers);
      expect(direct, `${path} ${JSON.stringify(headers)}`).toEqual(routed);
    }
    expect((await request('/api/items', { 'if-none-match': etag })).status).toBe(304);
    expect((await request('/api/items', { 'accept-encoding': 'gzip' })).headers).toContainEqual(['content-encoding', 'gzip']);
    // The security headers are there, as on every other answer.
    expect((await request('/api/items')).headers.map(([name]) => name)).toEqual(
      expect.arrayContaining(['content-security-policy', 'x-content-type-options', 'x-frame-options', 'etag', 'content-type']),
    );
  });

  it('leaves every other form to Fastify: HEAD, another query, a bad category, a body, another path', async () => {
    seenByFastify.length = 0;
    const head = await request('/api/items', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    // Fastify's answer carries its request's id; the one before Fastify has none.
    expect(head.headers.filter(([name]) => name !== 'x-request-id')).toEqual((await request('/api/items')).headers);
    expect(head.headers.map(([name]) => name)).toContain('x-request-id');
    const extra = await request('/api/items?category=juice&sort=name');
    expect(JSON.parse(extra.body.toString()) as MenuItem[]).toEqual(JSON.parse((await request('/api/items?category=juice')).body.toString()));
    const bad = await request('/api/items?category=soup');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body.toString()).message).toContain('raw-special');
    expect((await request('/api/items/no-such-id')).status).toBe(404);
    const withBody = await request('/api/items', { 'content-type': 'text/plain', 'content-length': '6' }, 'GET', 'a body');
    expect(withBody.status).toBe(200);
    const write = await request('/api/items', { 'content-type': 'application/json', origin: 'https://evil.example' }, 'POST');
    expect(write.status).toBe(403);
    expect(seenByFastify).toEqual([
      'HEAD /api/items',
      'GET /api/items?category=juice&sort=name',
      'GET /api/items?category=soup',
      'GET /api/items/no-such-id',
      'GET /api/items',
      'POST /api/items',
    ]);
  });

  it('answers from the new menu as soon as it changes', async () => {
    const before = JSON.parse((await request('/api/items')).body.toString()) as MenuItem[];
    await t.database.db.updateTable('menu_items').set({ price_cents: 1234 }).where('name', '=', 'Cherry Bowl').execute();
    await t.app.menu.changed();
    const after = JSON.parse((await request('/api/items')).body.toString()) as MenuItem[];
    expect(after.find((item) => item.name === 'Cherry Bowl')?.price).toBe(12.34);
    expect(after.length).toBe(before.length);
  });
});
