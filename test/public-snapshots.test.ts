import { randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { menuItemSchema, type MenuItem } from '../src/shared/menu.ts';
import { parseTags, parseWithout } from '../src/shared/menu-search.ts';
import { reviewSchema, type Review } from '../src/shared/reviews.ts';
import { findMenuItem } from '../src/server/menu/menu-repository.ts';
import { toMenuItem } from '../src/server/menu/menu-service.ts';
import { insertReviews, listReviewAnswers } from '../src/server/reviews/review-repository.ts';
import { listen, rawRequest, throughFastify, type RawAnswer } from './helpers/raw-http.ts';
import { createTestApp, openSecondApp, type TestApp } from './helpers/test-app.ts';
import { noticesDelivered } from './helpers/notices.ts';

/**
 * The reviews, one dish (`GET /api/items/:id`, the dish page's read) and a search, answered by
 * their routes from snapshots rebuilt on change: the bytes the response schema's serialisation
 * makes, the same on a real connection as through `app.inject`, with an ETag and a 304, and a
 * change served at once, in this process and in another.
 */
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  base = await listen(t.app);
});
afterAll(async () => t.close());

const get = (path: string, headers: Record<string, string> = {}) => rawRequest(base, path, headers);
const header = (answer: RawAnswer, name: string) => answer.headers.find(([key]) => key === name)?.[1];
const bodyOf = (answer: RawAnswer) => (header(answer, 'content-encoding') === 'gzip' ? gunzipSync(answer.body) : answer.body).toString('utf8');

/** What the routes sent before the snapshots: the value as the response schema serialises it. */
const serialised = (schema: z.ZodType, value: unknown) => JSON.stringify(schema.parse(value));

/** Checks one path: the same answer on a connection and through inject in every form, a 304 for the ETag. */
async function sameEverywhere(path: string, expectedBody: string): Promise<void> {
  // The first request may build what it needs (the search's answer is kept by its route).
  await get(path);
  const etag = header(await get(path), 'etag')!;
  expect(etag).toMatch(/^"[\w-]+"$/);
  const forms: Record<string, string>[] = [{}, { 'accept-encoding': 'gzip, deflate, br' }, { 'if-none-match': etag }, { 'if-none-match': '"another"' }];
  for (const headers of forms) {
    const early = await get(path, headers);
    expect(early, `${path} ${JSON.stringify(headers)}`).toEqual(await throughFastify(t.app, path, headers));
    if (headers['if-none-match'] === etag) {
      expect(early.status).toBe(304);
      expect(early.body.length).toBe(0);
    } else {
      expect(early.status).toBe(200);
      expect(bodyOf(early)).toBe(expectedBody);
      expect(header(early, 'cache-control')).toBe('no-cache');
      expect(header(early, 'content-type')).toBe('application/json; charset=utf-8');
    }
  }
  // The security headers every answer carries.
  expect((await get(path)).headers.map(([name]) => name)).toEqual(expect.arrayContaining(['content-security-policy', 'x-content-type-options', 'x-frame-options']));
}

describe('public reads from snapshots', () => {
  it('GET /api/review: the bytes the route sent before, its ETag and 304', async () => {
    await sameEverywhere('/api/review', serialised(z.array(reviewSchema), await listReviewAnswers(t.database.db)));
  });

  it('GET /api/items/:id of every public dish: the bytes the route sent before (read from the database), its ETag and 304', async () => {
    const items = JSON.parse((await get('/api/items')).body.toString()) as MenuItem[];
    for (const item of items) {
      const row = await findMenuItem(t.database.db, item._id);
      await sameEverywhere(`/api/items/${item._id}`, serialised(menuItemSchema, toMenuItem(row!)));
    }
  });

  it('a search: answered by the route once, then from what it kept, with its ETag and 304', async () => {
    const snapshot = await t.app.menu.current();
    const found = (q: string, tags = '', without = '') => {
      const tagKeys = parseTags(tags);
      const allergenKeys = parseWithout(without);
      if ('unknown' in tagKeys || 'unknown' in allergenKeys) throw new Error('bad filter');
      return serialised(z.array(menuItemSchema), snapshot.search().search(q, { tags: tagKeys.keys, without: allergenKeys.keys }));
    };
    const first = await get('/api/items?q=mango');
    expect(first.body.toString()).toBe(found('mango'));
    expect((JSON.parse(found('mango')) as unknown[]).length).toBeGreaterThan(0);
    await sameEverywhere('/api/items?q=mango', found('mango'));
    await sameEverywhere('/api/items?q=bowl&tags=vegan', found('bowl', 'vegan'));
    // A search the route refuses is never kept: refused each time.
    for (let i = 0; i < 2; i++) expect((await get('/api/items?q=mango&tags=purple')).status).toBe(400);
    expect(snapshot.searchAnswers.has('/api/items?q=mango&tags=purple')).toBe(false);
  });

  it('answers 404 for a hidden dish and an unknown one, and decodes an encoded id', async () => {
    const items = JSON.parse((await get('/api/items')).body.toString()) as MenuItem[];
    const hidden = items[1]!;
    await t.database.db.updateTable('menu_items').set({ hidden: 1 }).where('id', '=', hidden._id).execute();
    await t.app.menu.changed();
    try {
      expect((await get(`/api/items/${hidden._id}`)).status).toBe(404);
      expect((await get('/api/items/no-such-dish')).status).toBe(404);
      const encoded = await get(`/api/items/${encodeURIComponent(items[0]!._id).replace(/-/g, '%2D')}`);
      expect(encoded.status).toBe(200);
      expect(bodyOf(encoded)).toBe(serialised(menuItemSchema, items[0]));
    } finally {
      await t.database.db.updateTable('menu_items').set({ hidden: 0 }).where('id', '=', hidden._id).execute();
      await t.app.menu.changed();
    }
  });
});

describe('a change is served at once', () => {
  it('a new review, then a deleted one, in this process', async () => {
    const before = JSON.parse(bodyOf(await get('/api/review'))) as Review[];
    const etag = header(await get('/api/review'), 'etag')!;
    const id = randomUUID();
    await insertReviews(t.database.db, [{ id, name: 'New Guest', image: '/api/images/x.webp', details: 'Came back twice.', created_at: new Date().toISOString() }]);
    await t.app.reviews.changed();
    const added = await get('/api/review', { 'if-none-match': etag });
    expect(added.status).toBe(200);
    expect((JSON.parse(bodyOf(added)) as Review[]).map((review) => review._id)).toEqual([...before.map((review) => review._id), id]);

    await t.database.db.deleteFrom('reviews').where('id', '=', before[0]!._id).execute();
    await t.app.reviews.changed();
    const removed = JSON.parse(bodyOf(await get('/api/review'))) as Review[];
    expect(removed.map((review) => review._id)).toEqual([...before.slice(1).map((review) => review._id), id]);
    expect(bodyOf(await get('/api/review'))).toBe(serialised(z.array(reviewSchema), await listReviewAnswers(t.database.db)));
  });

  it('a dish changed, and the searches of the old menu forgotten', async () => {
    const items = JSON.parse((await get('/api/items')).body.toString()) as MenuItem[];
    const dish = items[2]!;
    await get(`/api/items/${dish._id}`);
    await get('/api/items?q=crunch%20plate');
    await t.database.db.updateTable('menu_items').set({ name: 'Zucchini Crunch Plate' }).where('id', '=', dish._id).execute();
    await t.app.menu.changed();
    expect((JSON.parse(bodyOf(await get(`/api/items/${dish._id}`))) as MenuItem).name).toBe('Zucchini Crunch Plate');
    expect((JSON.parse(bodyOf(await get('/api/items?q=crunch%20plate'))) as MenuItem[]).map((item) => item._id)).toContain(dish._id);
  });

  it.runIf(!process.env.TEST_DATABASE_URL)('on SQLite, reviews written by another connection (a command, a test, sqlite3) with no event: served once the shop has looked (decision 0040)', async () => {
    const reviewIds = async () => (JSON.parse(bodyOf(await get('/api/review'))) as Review[]).map((review) => review._id);
    const before = await reviewIds();
    const etag = header(await get('/api/review'), 'etag')!;
    const other = new DatabaseSync(t.database.file!, { timeout: 5000 });
    try {
      const id = randomUUID();
      other.prepare('insert into reviews (id, name, image, details, created_at) values (?, ?, ?, ?, ?)').run(id, 'Guest Behind', '/api/images/x.webp', 'Written by hand.', new Date().toISOString());
      await noticesDelivered(t, t.app);
      const added = await get('/api/review', { 'if-none-match': etag });
      expect(added.status).toBe(200);
      expect((JSON.parse(bodyOf(added)) as Review[]).map((review) => review._id)).toEqual([...before, id]);
      other.prepare('delete from reviews where id = ?').run(id);
      await noticesDelivered(t, t.app);
      expect(await reviewIds()).toEqual(before);
    } finally {
      other.close();
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('in a second process on the same PostgreSQL database: a review added and one deleted, a dish changed', async () => {
    const second = await openSecondApp(t);
    try {
      const secondBase = await listen(second.app);
      const reviewsThere = async () => (JSON.parse(bodyOf(await rawRequest(secondBase, '/api/review'))) as Review[]).map((review) => review._id);
      const before = await reviewsThere();
      const id = randomUUID();
      await insertReviews(t.database.db, [{ id, name: 'Guest Elsewhere', image: '/api/images/x.webp', details: 'Good.', created_at: new Date().toISOString() }]);
      await t.app.reviews.changed();
      await expect.poll(reviewsThere, { timeout: 5000 }).toEqual([...before, id]);
      await t.database.db.deleteFrom('reviews').where('id', '=', id).execute();
      await t.app.reviews.changed();
      await expect.poll(reviewsThere, { timeout: 5000 }).toEqual(before);

      const dish = (JSON.parse((await rawRequest(secondBase, '/api/items')).body.toString()) as MenuItem[])[3]!;
      const dishThere = async () => (JSON.parse(bodyOf(await rawRequest(secondBase, `/api/items/${dish._id}`))) as MenuItem).price;
      expect(await dishThere()).toBe(dish.price);
      await t.database.db.updateTable('menu_items').set({ price_cents: 4321 }).where('id', '=', dish._id).execute();
      await t.app.menu.changed();
      await expect.poll(dishThere, { timeout: 5000 }).toBe(43.21);
    } finally {
      await second.close();
    }
  });
});
