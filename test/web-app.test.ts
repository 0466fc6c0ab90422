import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMenuItems } from '../src/server/menu/menu-repository.ts';
import { CATEGORIES } from '../src/shared/category-list.ts';
import { insertReviews } from '../src/server/reviews/review-repository.ts';
import { defaultSettings } from '../src/shared/restaurant-settings.ts';
import { signUpUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * How the server serves a build with server-rendered pages (src/server/pages/web-app.ts), on a
 * small stand-in build: its renderer draws the path, the menu's names and a count of its renders.
 * The real renderer and the browser's hydration are proven by e2e/server-rendering.spec.ts.
 */
const INDEX_HTML = `<!doctype html><html><head><title>Shop</title><meta name="description" content="Raw Roots: safe, healthy, reasonably priced raw food, open 24/7 with home delivery." /><script type="module" crossorigin src="/assets/app.js"></script><link rel="stylesheet" crossorigin href="/assets/app.css"></head><body><div id="root"><!--app-html--><p>Loading</p><!--/app-html--></div></body></html>`;

const RENDERER = `
export const SERVER_RENDERED_PATHS = ['/', '/items', '/review', '/login'];
export const REVIEW_PATHS = ['/review'];
export const CAPTCHA_PATHS = ['/login'];
export const MENU_PREVIEW_PATHS = ['/items'];
export const ITEMS_PER_BLOCK = 2;
export const FACTS_PATHS = ['/'];
let renders = 0;
export async function renderPage(pathname, { menu, menuPreview, reviews, captcha, facts, language }) {
  renders += 1;
  const names = captcha ? 'captcha ' + captcha.id : reviews ? reviews.map((review) => review.name).join('|') : menu ? menu.map((item) => item.name).join('|') : 'no menu';
  const preview = (menuPreview ? ' preview ' + menuPreview.map((item) => item.category).join(',') : '') + (facts ? ' facts ' + JSON.stringify(facts) : '') + (language === 'en' ? '' : ' in ' + language);
  return {
    head: '<link rel="preload" as="image" href="/cover.webp"/>',
    body: '<main data-renders="' + renders + '">' + pathname + ' $& $1 ' + names + preview + '</main>',
    data: menu ? '<script type="application/json" id="page-data">{}</script>' : '',
  };
}
`;

/** Vite's manifest of the stand-in build: the entry, the app it imports (with a shared chunk), the item list's page. */
const MANIFEST = {
  'index.html': { file: 'assets/app.js', isEntry: true, dynamicImports: ['main.tsx'] },
  'main.tsx': { file: 'assets/main.js', isDynamicEntry: true, imports: ['index.html', '_shared.js'] },
  '_shared.js': { file: 'assets/shared.js' },
  'storefront/pages/items-page.tsx': { file: 'assets/items-page.js', isDynamicEntry: true, imports: ['_shared.js'] },
};
const APP_HINTS = '<link rel="modulepreload" crossorigin href="/assets/main.js"><link rel="modulepreload" crossorigin href="/assets/shared.js">';

function fakeBuild(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-build-'));
  fs.mkdirSync(path.join(dist, 'web', 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'web', 'index.html'), INDEX_HTML);
  fs.mkdirSync(path.join(dist, 'web', '.vite'));
  fs.writeFileSync(path.join(dist, 'web', '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  fs.writeFileSync(path.join(dist, 'web', 'assets', 'app.css'), 'body{color:green}');
  fs.writeFileSync(path.join(dist, 'web', 'assets', 'app.js'), '');
  fs.mkdirSync(path.join(dist, 'server-render'));
  fs.writeFileSync(path.join(dist, 'server-render', 'server-render.js'), RENDERER);
  return dist;
}

describe('server-rendered pages', () => {
  let shop: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeBuild();
    shop = await createTestApp({ seed: true, webDir: path.join(dist, 'web'), env: { RATE_LIMIT_CAPTCHA: '3' } });
  });
  afterAll(async () => {
    await shop.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    shop.app.inject({ method: 'GET', url, headers, remoteAddress });
  const menuNames = async () => ((await get('/api/items')).json() as { name: string }[]).map((item) => item.name);

  it('puts the rendered page into index.html, with the menu, and its script hints in an inert template', async () => {
    const res = await get('/items');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    const preview = CATEGORIES.flatMap((category) => [category, category]).join(',');
    expect(html).toContain(`<div id="root" data-server-rendered><main data-renders="1">/items $& $1 ${(await menuNames()).join('|')} preview ${preview}</main></div>`);
    expect(html).not.toContain('<p>Loading</p>');
    expect(html).toContain('<link rel="preload" as="image" href="/cover.webp"/></head>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/app.css">');
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/app.js">');
    // The app's and the page's chunks: fetched by the entry once the page has loaded (boot.ts).
    const hints = `${APP_HINTS}<link rel="modulepreload" crossorigin href="/assets/items-page.js">`;
    expect(html).toContain(`<script type="application/json" id="page-data">{}</script><template id="page-scripts">${hints}</template><div id="root"`);
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain('modulepreload');
  });

  it('sends the same document gzipped to a browser that accepts it', async () => {
    const plain = await get('/');
    const zipped = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('renders a page once per menu version: again after the menu changes, with the new dish', async () => {
    const first = (await get('/items')).body;
    expect((await get('/items')).body).toBe(first);

    const name = `Beet kvass ${randomUUID().slice(0, 8)}`;
    await insertMenuItems(shop.database.db, [
      { id: randomUUID(), name, category: 'juice', price_cents: 450, new_price_cents: null, recipe: 'Fermented.', image: '/api/images/x.webp', created_at: new Date().toISOString() },
    ]);
    await shop.app.menu.changed();
    const after = (await get('/items')).body;
    expect(after).not.toBe(first);
    expect(after).toContain(name);
    expect(Number(/data-renders="(\d+)"/.exec(after)![1])).toBeGreaterThan(Number(/data-renders="(\d+)"/.exec(first)![1]));
  });

  it('draws the reviews into their pages only, and again after they change', async () => {
    const reviewNames = ((await get('/api/review')).json() as { name: string }[]).map((review) => review.name);
    const first = (await get('/review')).body;
    expect(first).toContain(`/review $& $1 ${reviewNames.join('|')}</main>`);
    expect((await get('/review')).body).toBe(first);
    expect((await get('/')).body).not.toContain(reviewNames.join('|'));

    const name = `Guest ${randomUUID().slice(0, 8)}`;
    await insertReviews(shop.database.db, [{ id: randomUUID(), name, image: '/api/images/x.webp', details: 'Lovely.', created_at: new Date().toISOString() }]);
    // Whoever writes the reviews says so, as with the menu: their snapshot is rebuilt (decision 0029).
    await shop.app.reviews.changed();
    const after = (await get('/review')).body;
    expect(after).toContain(`|${name}</main>`);
  });

  it('answers a kept page with its ETag, and a 304 to a browser that has it; a page drawn for one request has none', async () => {
    const page = await get('/review');
    const etag = page.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/review', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await get('/review', { 'if-none-match': '"another"' })).statusCode).toBe(200);
    const name = `Guest ${randomUUID().slice(0, 8)}`;
    await insertReviews(shop.database.db, [{ id: randomUUID(), name, image: '/api/images/x.webp', details: 'Fine.', created_at: new Date().toISOString() }]);
    await shop.app.reviews.changed();
    const changed = await get('/review', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain(name);
    expect((await get('/login')).headers.etag).toBeUndefined();
  });

  // Issue 43, point 5: the storefront's promises (hours, delivery) follow the restaurant's settings.
  it('draws the storefront with the settings’ facts, and again, with a new ETag and description, when they change', async () => {
    const admin = await signUpUser(shop.app, { admin: true, name: 'Ada Admin' });
    const description = (html: string) => /<meta name="description" content="([^"]*)" \/>/.exec(html)![1];
    const home = await get('/');
    expect(home.body).toContain(`facts ${JSON.stringify({ hours: null, openDays: 7, ways: { table: true, pickup: true, delivery: true } })}</main>`);
    expect(description(home.body)).toBe('Raw Roots: safe, healthy, reasonably priced raw food, open 24/7 with home delivery.');
    // Only the pages that say them carry the facts.
    expect((await get('/items')).body).not.toContain(' facts ');
    const etag = home.headers.etag as string;

    const lunch = [{ open: '11:00', close: '15:00' }];
    const settings = { ...defaultSettings('UTC'), hours: { ...defaultSettings('UTC').hours, monday: lunch, tuesday: lunch, wednesday: lunch, thursday: lunch, friday: lunch, saturday: [], sunday: [] } };
    const saved = await shop.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: { ...settings, fulfilments: { table: true, pickup: true, delivery: false } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await get('/', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const weekdays = [{ from: 'monday', to: 'friday', ranges: lunch }];
    expect(after.body).toContain(`facts ${JSON.stringify({ hours: weekdays, openDays: 5, ways: { table: true, pickup: true, delivery: false } })}</main>`);
    expect(description(after.body)).toBe('Raw Roots: safe, healthy, reasonably priced raw food, open Mon–Fri 11:00–15:00.');
    expect(description((await get('/', { 'accept-language': 'de' })).body)).toBe('Raw Roots: sichere, gesunde, preiswerte Rohkost, geöffnet Mo–Fr 11:00–15:00.');
    expect(description((await get('/items')).body)).toBe('Raw Roots: safe, healthy, reasonably priced raw food, open Mon–Fri 11:00–15:00.');
    // A pause is not a fact of the storefront: the page stays as drawn.
    const paused = await shop.app.inject({ method: 'PATCH', url: '/api/staff/busy', headers: admin.headers, payload: { pause: 'untilResumed' } });
    expect(paused.statusCode, paused.body).toBe(200);
    expect((await get('/', { 'if-none-match': after.headers.etag as string })).statusCode).toBe(304);
    const back = await shop.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: defaultSettings('UTC') });
    expect(back.statusCode, back.body).toBe(200);
    expect((await get('/')).body).toContain(`facts ${JSON.stringify({ hours: null, openDays: 7, ways: { table: true, pickup: true, delivery: true } })}</main>`);
  });

  it('draws the log-in page for each request with a captcha of its own, which the API then checks; no cache keeps it', async () => {
    const captchaIdOf = (html: string) => /\/login \$& \$1 captcha ([\w-]+)<\/main>/.exec(html)?.[1];
    const first = await get('/login', {}, '10.0.0.1');
    const second = await get('/login', { 'accept-encoding': 'gzip' }, '10.0.0.1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(second.headers['cache-control']).toBe('no-store');
    const [firstId, secondId] = [captchaIdOf(first.body), captchaIdOf(gunzipSync(second.rawPayload).toString('utf8'))];
    expect(firstId).toBeDefined();
    expect(secondId).toBeDefined();
    expect(firstId).not.toBe(secondId);
    const { answer } = await shop.database.db.selectFrom('captchas').select('answer').where('id', '=', firstId!).executeTakeFirstOrThrow();
    const check = await shop.app.inject({ method: 'POST', url: '/api/captcha/check', payload: { id: firstId, answer } });
    expect(check.json()).toEqual({ valid: true });

    // A HEAD asks for no page, so no captcha is made for it.
    const captchaCount = async () => Number((await shop.database.db.selectFrom('captchas').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await captchaCount();
    expect((await shop.app.inject({ method: 'HEAD', url: '/login', remoteAddress: '10.0.0.1' })).statusCode).toBe(200);
    expect(await captchaCount()).toBe(before);
  });

  it("counts the log-in page's captchas per address: over RATE_LIMIT_CAPTCHA a minute, the page comes without one", async () => {
    const pages = [];
    for (let i = 0; i < 5; i++) pages.push(await get('/login', {}, '10.0.0.2'));
    expect(pages.slice(0, 3).every((page) => page.body.includes('captcha '))).toBe(true);
    expect(pages[3]!.body).toContain('/login $& $1 no menu</main>');
    // That page is the same for everyone: drawn once, not for each request.
    expect(pages[3]!.headers['cache-control']).toBe('no-cache');
    expect(pages[4]!.body).toBe(pages[3]!.body);
    // Another address has its own count.
    expect((await get('/login', {}, '10.0.0.3')).body).toContain('captcha ');
  });

  it('leaves the other pages to the browser: index.html with the app script hints in <head>, 404 for an unknown path', async () => {
    // In the reader's language (the app loads that catalogue), without hreflang: not for search engines.
    const withAppHints = INDEX_HTML.replace('<html>', '<html lang="en">').replace('</head>', `${APP_HINTS}</head>`);
    const cart = await get('/dashboard/my/cart');
    expect(cart.statusCode).toBe(200);
    expect(cart.body).toBe(withAppHints);
    for (const orderPage of ['/dashboard/orders', '/dashboard/orders/ticket/o-1', '/dashboard/my/orders', '/dashboard/my/orders/o-1']) {
      const page = await get(orderPage);
      expect(page.statusCode, orderPage).toBe(200);
      expect(page.body).toBe(withAppHints);
    }
    expect((await get('/dashboard/orders/o-1/nothing')).statusCode).toBe(404);
    const unknown = await get('/no-such-page');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(withAppHints);
    expect((await get('/api/no-such-route')).json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  describe("in the reader's language", () => {
    const languageOf = (html: string) => /<html lang="([^"]*)">/.exec(html)?.[1];

    it('draws a page in the language Accept-Language asks for, regions dropped, English for one the shop lacks', async () => {
      const german = await get('/review', { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' });
      expect(languageOf(german.body)).toBe('de');
      expect(german.body).toContain(' in de</main>');
      expect(german.headers.vary).toBe('accept-encoding, accept-language, cookie');
      for (const header of ['fr-FR,fr;q=0.9', '', 'en-GB', '*']) {
        const page = await get('/review', header ? { 'accept-language': header } : {});
        expect(languageOf(page.body), header).toBe('en');
        expect(page.body).not.toContain(' in de<');
      }
    });

    it("keeps each language's page apart, with its own ETag, so a cache never hands German to an English reader", async () => {
      const english = await get('/review');
      const german = await get('/review', { 'accept-language': 'de' });
      expect(german.headers.etag).not.toBe(english.headers.etag);
      expect((await get('/review', { 'if-none-match': String(german.headers.etag) })).statusCode).toBe(200);
      expect((await get('/review', { 'accept-language': 'de', 'if-none-match': String(german.headers.etag) })).statusCode).toBe(304);
    });

    it('follows the choice in the header (its cookie) over Accept-Language, and ?lang= over both', async () => {
      expect(languageOf((await get('/', { cookie: 'other=1; lang=de', 'accept-language': 'en' })).body)).toBe('de');
      expect(languageOf((await get('/', { cookie: 'lang=xx', 'accept-language': 'de' })).body)).toBe('de');
      const chosen = await get('/?lang=en', { cookie: 'lang=de' });
      expect(languageOf(chosen.body)).toBe('en');
      // Followed from a search engine's hreflang link, the next pages stay in that language.
      expect(chosen.headers['set-cookie']).toMatch(/^lang=en; Path=\/; Max-Age=\d+; SameSite=Lax$/);
      expect((await get('/?lang=xx', { 'accept-language': 'de' })).headers['set-cookie']).toBeUndefined();
    });

    it("names the page's address in every language (hreflang), from the shop's own origin", async () => {
      const html = (await get('/review', { host: 'evil.example' })).body;
      const origin = shop.app.config.publicOrigin;
      expect(html).toContain(`<link rel="alternate" hreflang="en" href="${origin}/review?lang=en" />`);
      expect(html).toContain(`<link rel="alternate" hreflang="de" href="${origin}/review?lang=de" />`);
      expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${origin}/review" />`);
      expect(html).not.toContain('evil.example');
      expect((await get('/no-such-page')).body).not.toContain('hreflang');
      expect((await get('/dashboard/my/cart', { 'accept-language': 'de' })).body).toContain('<html lang="de">');
    });
  });

  it('does not draw a menu over 256 KB into the page: the browser fetches it; the item list keeps its first items of each category', async () => {
    const recipe = 'x'.repeat(1000);
    const rows = Array.from({ length: 300 }, (_, i) => ({
      id: randomUUID(),
      name: `Bulk dish ${i}`,
      category: 'grilled',
      price_cents: 1000,
      new_price_cents: null,
      recipe,
      image: '/api/images/x.webp',
      created_at: new Date(Date.now() + i).toISOString(),
    }));
    await insertMenuItems(shop.database.db, rows);
    await shop.app.menu.changed();
    const html = (await get('/items')).body;
    // The item list is still drawn with the first items of each category: two of each here.
    expect(html).toContain(`/items $& $1 no menu preview ${CATEGORIES.flatMap((category) => [category, category]).join(',')}</main>`);
    expect(html).not.toContain('id="page-data"');
  });
});

describe('source maps', () => {
  it('serves them outside production only: in production a map is as unknown as a missing file', async () => {
    const dist = fakeBuild();
    fs.writeFileSync(path.join(dist, 'web', 'assets', 'app.js.map'), '{"version":3,"sourcesContent":["secret source"]}');
    const env = { production: { NODE_ENV: 'production', ALLOW_SANDBOX_IN_PRODUCTION: 'true', MAIL_DISABLED: 'true' }, development: { NODE_ENV: 'development' } };
    try {
      for (const [mode, vars] of Object.entries(env)) {
        const shop = await createTestApp({ webDir: path.join(dist, 'web'), env: vars });
        try {
          const map = await shop.app.inject({ method: 'GET', url: '/assets/app.js.map' });
          expect(map.statusCode, mode).toBe(mode === 'production' ? 404 : 200);
          expect(map.body.includes('secret source'), mode).toBe(mode !== 'production');
          expect((await shop.app.inject({ method: 'GET', url: '/assets/app.css' })).statusCode, mode).toBe(200);
        } finally {
          await shop.close();
        }
      }
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
