import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '../src/shared/menu.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The dish page's document (/item/{id}, src/server/pages/dish-document.ts) on a small stand-in
 * build whose renderer draws the dish it is given: 200 with the dish, its title, description,
 * Open Graph tags and schema.org MenuItem; 404 for an unknown or hidden dish. And the live menu
 * stream (GET /api/menu/events) that tells an open page the menu changed.
 * The real page in a browser: e2e/dish-catalogue.spec.ts.
 */
const INDEX_HTML = `<!doctype html><html><head><meta name="description" content="The shop." /><title>Raw Roots</title><script type="module" crossorigin src="/assets/app.js"></script></head><body><div id="root"><!--app-html--><p>Loading</p><!--/app-html--></div></body></html>`;
const RENDERER = `
export const SERVER_RENDERED_PATHS = ['/'];
export const REVIEW_PATHS = [];
export const CAPTCHA_PATHS = [];
export const MENU_PREVIEW_PATHS = [];
export const ITEMS_PER_BLOCK = 4;
export async function renderPage(pathname, { dish }) {
  return { head: '', body: '<main>' + pathname + ' ' + (dish ? 'dish ' + dish.name : 'no dish') + '</main>', data: '' };
}
`;

let shop: TestApp;
let dist: string;
let admin: TestUser;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dish-build-'));
  fs.mkdirSync(path.join(dist, 'web', 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'web', 'index.html'), INDEX_HTML);
  fs.mkdirSync(path.join(dist, 'server-render'));
  fs.writeFileSync(path.join(dist, 'server-render', 'server-render.js'), RENDERER);
  shop = await createTestApp({ seed: true, webDir: path.join(dist, 'web'), env: { PUBLIC_URL: 'https://shop.example' } });
  admin = await signUpUser(shop.app, { admin: true });
});
afterAll(async () => {
  await shop.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => shop.app.inject({ method: 'GET', url });
const menu = async () => (await get('/api/items')).json<MenuItem[]>();
const ldJson = (html: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!) as Record<string, unknown>;

describe('the dish page /item/{id}', () => {
  it('is drawn with its dish, title, description, Open Graph tags and a schema.org MenuItem', async () => {
    const dish = (await menu()).find((item) => item.name === 'Berry Chia Pudding')!;
    const res = await get(`/item/${dish._id}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(`<main>/item/${dish._id} dish Berry Chia Pudding</main>`);
    expect(html).toContain('<title>Raw Roots Berry Chia Pudding</title>');
    expect(html).toContain(`<meta name="description" content="${dish.recipe}" />`);
    expect(html).not.toContain('The shop.');
    expect(html).toContain('<meta property="og:title" content="Berry Chia Pudding" />');
    expect(html).toContain(`<meta property="og:description" content="${dish.recipe}" />`);
    expect(html).toContain(`<meta property="og:image" content="https://shop.example${dish.image}" />`);
    expect(html).toContain(`<meta property="og:url" content="https://shop.example/item/${dish._id}" />`);
    expect(ldJson(html)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'MenuItem',
      name: 'Berry Chia Pudding',
      description: dish.recipe,
      image: `https://shop.example${dish.image}`,
      offers: { '@type': 'Offer', price: dish.newPrice!.toFixed(2), priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
  });

  it('escapes a dish name that would close the JSON-LD or an attribute', async () => {
    const [dish] = await menu();
    await shop.database.db.updateTable('menu_items').set({ name: 'Bad "</script><b>" dish' }).where('id', '=', dish!._id).execute();
    await shop.app.menu.changed();
    const body = (await get(`/item/${dish!._id}`)).body;
    // The head is the server's (the stand-in renderer draws the body unescaped; React escapes it).
    const html = body.slice(0, body.indexOf('</head>'));
    expect(html).not.toContain('</script><b>');
    expect(html).toContain('<meta property="og:title" content="Bad &quot;&lt;/script&gt;&lt;b&gt;&quot; dish" />');
    expect(ldJson(html).name).toBe('Bad "</script><b>" dish');
  });

  it('says sold out in its MenuItem once the dish is, and follows the menu', async () => {
    const dish = (await menu()).find((item) => item.name === 'Raw Lasagna')!;
    await shop.app.inject({ method: 'PATCH', url: `/api/items/${dish._id}/availability`, headers: admin.headers, payload: { soldOut: true } });
    expect(ldJson((await get(`/item/${dish._id}`)).body)).toMatchObject({ offers: { availability: 'https://schema.org/SoldOut' } });
  });

  it('answers an unknown or hidden dish with the not-found page and 404', async () => {
    const unknown = await get('/item/no-such-dish');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(unknown.body).not.toContain('og:title');
    const dish = (await menu()).find((item) => item.name === 'Mango Sorbet')!;
    expect((await get(`/item/${dish._id}`)).statusCode).toBe(200);
    await shop.app.inject({ method: 'PATCH', url: `/api/items/${dish._id}/availability`, headers: admin.headers, payload: { hidden: true } });
    const hidden = await get(`/item/${dish._id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('Mango Sorbet');
  });
});

describe('GET /api/menu/events', () => {
  it('tells an open page each time the menu changes, with the new ETag', async () => {
    const address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(`${address}/api/menu/events`, { signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (pattern: RegExp | string) => {
      while (typeof pattern === 'string' ? !text.includes(pattern) : !pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended: ${text}`);
        text += decoder.decode(value);
      }
    };
    await readUntil(/retry: \d+/);
    const dish = (await menu()).find((item) => item.name === 'Green Detox Juice')!;
    await shop.app.inject({ method: 'PATCH', url: `/api/items/${dish._id}/availability`, headers: admin.headers, payload: { soldOut: true } });
    const etag = (await get('/api/items')).headers.etag as string;
    // On PostgreSQL an earlier test's change may arrive first (LISTEN/NOTIFY): read on to this one.
    await readUntil(`event: menu\ndata: ${JSON.stringify({ etag })}\n\n`);
    controller.abort();
  });
});
