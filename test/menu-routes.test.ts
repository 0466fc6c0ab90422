import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../src/shared/categories.ts';
import { menuItemSchema, type MenuItem } from '../src/shared/menu.ts';
import { reviewSchema } from '../src/shared/reviews.ts';
import { seedDemoData } from '../src/server/seed/seed-demo.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t.close());

describe('GET /api/items', () => {
  it('lists the demo menu: every category, at least 6 items each, some with a new price', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/items' });
    expect(res.statusCode).toBe(200);
    const items = res.json<MenuItem[]>();
    for (const item of items) menuItemSchema.strict().parse(item);
    for (const category of CATEGORIES) {
      expect(items.filter((i) => i.category === category).length).toBeGreaterThanOrEqual(6);
    }
    expect(items.some((i) => i.newPrice !== undefined)).toBe(true);
    expect(items.find((i) => i.name === 'Rainbow Garden Bowl')).toMatchObject({ price: 14.5, newPrice: 11.9 });
  });

  it('answers 304 to a matching If-None-Match and a fresh ETag after the menu changes', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/items' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ method: 'GET', url: '/api/items', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await t.database.db.updateTable('menu_items').set({ price_cents: 999 }).where('name', '=', 'Cherry Bowl').execute();
    await t.app.menu.changed();
    const changed = await t.app.inject({ method: 'GET', url: '/api/items', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<MenuItem[]>().find((i) => i.name === 'Cherry Bowl')?.price).toBe(9.99);
  });

  it('answers one category alone with ?category=, in the menu order, with its own ETag and gzip', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/items' })).json<MenuItem[]>();
    for (const category of CATEGORIES) {
      const res = await t.app.inject({ method: 'GET', url: `/api/items?category=${category}` });
      expect(res.statusCode).toBe(200);
      expect(res.json<MenuItem[]>()).toEqual(all.filter((item) => item.category === category));
    }
    const juice = await t.app.inject({ method: 'GET', url: '/api/items?category=juice' });
    const etag = juice.headers.etag as string;
    expect(etag).not.toBe((await t.app.inject({ method: 'GET', url: '/api/items' })).headers.etag);
    expect((await t.app.inject({ method: 'GET', url: '/api/items?category=juice', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const zipped = await t.app.inject({ method: 'GET', url: '/api/items?category=juice', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(juice.body);
  });

  it('answers the first items of each category with ?perCategory=, in the menu order, with its own ETag and gzip', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/items' })).json<MenuItem[]>();
    const four = await t.app.inject({ method: 'GET', url: '/api/items?perCategory=4' });
    expect(four.statusCode).toBe(200);
    expect(four.json<MenuItem[]>()).toEqual(CATEGORIES.flatMap((category) => all.filter((item) => item.category === category).slice(0, 4)));
    const one = await t.app.inject({ method: 'GET', url: '/api/items?perCategory=1' });
    expect(one.json<MenuItem[]>()).toHaveLength(CATEGORIES.length);
    const etag = four.headers.etag as string;
    expect(etag).not.toBe(one.headers.etag);
    expect((await t.app.inject({ method: 'GET', url: '/api/items?perCategory=4', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const zipped = await t.app.inject({ method: 'GET', url: '/api/items?perCategory=4', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(four.body);
    for (const query of ['perCategory=0', 'perCategory=13', 'perCategory=x', 'perCategory=', 'perCategory=4&perCategory=4', 'perCategory=4&category=juice']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/items?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ code: string; message: string }>().message, query).toMatch(/perCategory|not both/);
    }
  });

  it('refuses an unknown or repeated category with 400 and says which are known', async () => {
    for (const query of ['category=soup', 'category=', 'category=juice&category=honey', 'category=JUICE']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/items?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toContain('raw-special');
    }
  });

  it('sends the gzipped snapshot to a client that accepts gzip, the same JSON once unzipped', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/items' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await t.app.inject({ method: 'GET', url: '/api/items', headers: { 'accept-encoding': 'br;q=1, gzip;q=0.8' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    const refused = await t.app.inject({ method: 'GET', url: '/api/items', headers: { 'accept-encoding': 'gzip;q=0, deflate' } });
    expect(refused.headers['content-encoding']).not.toBe('gzip');
  });

  it('serves every item picture as WebP with an immutable cache header', async () => {
    const items = (await t.app.inject({ method: 'GET', url: '/api/items' })).json<MenuItem[]>();
    const picture = await t.app.inject({ method: 'GET', url: items[0]!.image });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['cache-control']).toContain('immutable');
    expect(picture.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
  });
});

describe('GET /api/items/:id', () => {
  it('answers one item by id', async () => {
    const items = (await t.app.inject({ method: 'GET', url: '/api/items' })).json<MenuItem[]>();
    const res = await t.app.inject({ method: 'GET', url: `/api/items/${items[3]!._id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(items[3]);
  });

  it('answers 404 for an unknown id, including SQL meta-characters', async () => {
    for (const id of ['no-such-id', "1' OR '1'='1", '%27%3B%20DROP%20TABLE%20menu_items%3B--']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/items/${id}` });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/items' })).json<MenuItem[]>().length).toBeGreaterThan(0);
  });
});

describe('GET /api/review', () => {
  it('lists reviews with names, pictures and details', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/review' });
    expect(res.statusCode).toBe(200);
    const reviews = res.json<unknown[]>();
    expect(reviews.length).toBeGreaterThanOrEqual(3);
    for (const review of reviews) reviewSchema.strict().parse(review);
  });
});

describe('demo data', () => {
  it('is created once: seeding again adds nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/items' })).json<MenuItem[]>().length;
    expect(await seedDemoData(t.database.db)).toBe(false);
    await t.app.menu.changed();
    const after = (await t.app.inject({ method: 'GET', url: '/api/items' })).json<MenuItem[]>().length;
    expect(after).toBe(before);
  });
});
