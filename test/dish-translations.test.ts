import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMenuItem, MenuItem } from '../src/shared/menu.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { uploadedImageUrl } from './helpers/upload.ts';

/**
 * A dish's name, description and option names per language (issue 44, point 4): the items API
 * takes and the administrator reads them; the public reads (the menu, a category, the first of
 * each, a dish, a search, the server-drawn pages) answer in the request's language, each with its
 * own ETag, English answers unchanged. The form in a browser: e2e/dish-translations.spec.ts.
 */
const INDEX_HTML = `<!doctype html><html><head><meta name="description" content="The shop." /><title>Raw Roots</title></head><body><div id="root"><!--app-html--><p>Loading</p><!--/app-html--></div></body></html>`;
// A stand-in renderer: draws the names of the dish or the menu it is given.
const RENDERER = `
export const SERVER_RENDERED_PATHS = ['/order'];
export const REVIEW_PATHS = [];
export const CAPTCHA_PATHS = [];
export const MENU_PREVIEW_PATHS = [];
export const FACTS_PATHS = [];
export const ITEMS_PER_BLOCK = 4;
export async function renderPage(pathname, { dish, menu }) {
  const names = dish ? [dish.name, ...(dish.options ?? []).map((group) => group.name)] : (menu ?? []).map((item) => item.name);
  return { head: '', body: '<main>' + names.join('|') + '</main>', data: '' };
}
`;

let t: TestApp;
let dist: string;
let admin: TestUser;
let customer: TestUser;
let image: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dish-translations-'));
  fs.mkdirSync(path.join(dist, 'web', 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'web', 'index.html'), INDEX_HTML);
  fs.mkdirSync(path.join(dist, 'server-render'));
  fs.writeFileSync(path.join(dist, 'server-render', 'server-render.js'), RENDERER);
  t = await createTestApp({ webDir: path.join(dist, 'web'), env: { PUBLIC_URL: 'https://shop.example' } });
  admin = await signUpUser(t.app, { admin: true, name: 'Menu Admin' });
  customer = await signUpUser(t.app);
  image = await uploadedImageUrl(t.app, admin.headers);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

type Headers = Record<string, string>;
const GERMAN: Headers = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' };

const sizeGroup = (translated = true) => ({
  name: 'Size',
  ...(translated && { translations: { de: 'Größe' } }),
  min: 1,
  max: 1,
  choices: [
    { name: 'Small', price: 0, ...(translated && { translations: { de: 'Klein' } }) },
    { name: 'Large', price: 2, ...(translated && { translations: { de: '' } }) },
  ],
});
const cucumber = (overrides: object = {}) => ({
  name: 'Cucumber Dill Soup',
  category: 'raw-special',
  price: 9.5,
  recipe: 'Chilled cucumber blended with dill and cashew cream.',
  image,
  options: [sizeGroup()],
  translations: { de: { name: 'Gurken-Dill-Suppe', recipe: 'Kalte Gurke mit Dill und Cashewcreme püriert.' } },
  ...overrides,
});

const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers });
const create = (body: object, headers: Headers = admin.headers) => t.app.inject({ method: 'POST', url: '/api/items', headers, payload: body });
const update = (id: string, body: object) => t.app.inject({ method: 'PATCH', url: `/api/items/${id}`, headers: admin.headers, payload: body });
async function newDish(body: object = cucumber()): Promise<string> {
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ insertedId: string }>().insertedId;
}
const adminItem = async (id: string) => (await get(`/api/admin/items/${id}`, admin.headers)).json<AdminMenuItem>();
const storedTranslations = async (id: string) =>
  (await t.app.db.selectFrom('menu_items').select('translations').where('id', '=', id).executeTakeFirstOrThrow()).translations;

describe('the items API takes a dish in other languages', () => {
  it('stores the name, description and option names, and the administrator reads them back in English with them beside', async () => {
    const id = await newDish();
    const res = await get(`/api/admin/items/${id}`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const item = res.json<AdminMenuItem>();
    expect(item.name).toBe('Cucumber Dill Soup');
    expect(item.translations).toEqual({ de: { name: 'Gurken-Dill-Suppe', recipe: 'Kalte Gurke mit Dill und Cashewcreme püriert.' } });
    expect(item.options![0]!.translations).toEqual({ de: 'Größe' });
    expect(item.options![0]!.choices.map((choice) => choice.translations)).toEqual([{ de: 'Klein' }, undefined]);
    // The administrator's list has them too; the public menu does not.
    const list = (await get('/api/admin/items', admin.headers)).json<AdminMenuItem[]>();
    expect(list.find((dish) => dish._id === id)!.translations?.de?.name).toBe('Gurken-Dill-Suppe');
    const english = (await get(`/api/items/${id}`)).json<Record<string, unknown>>();
    expect(english).not.toHaveProperty('translations');
    expect(JSON.stringify(english)).not.toContain('Größe');
  });

  it('refuses a language the shop does not offer, English as a translation, and too long a text, changing nothing', async () => {
    const id = await newDish();
    const before = await storedTranslations(id);
    const bad: [string, object][] = [
      ['an unknown language', { translations: { fr: { name: 'Soupe' } } }],
      ['English', { translations: { en: { name: 'Soup' } } }],
      ['not a language code', { translations: { 'de-DE!': { name: 'Suppe' } } }],
      ['an unknown language in an option', { options: [{ ...sizeGroup(), translations: { xx: 'Size' } }] }],
      ['too long a name', { translations: { de: { name: 'x'.repeat(101) } } }],
      ['an unknown field', { translations: { de: { title: 'Suppe' } } }],
    ];
    for (const [what, change] of bad) {
      const res = await update(id, cucumber(change));
      expect(res.statusCode, what).toBe(400);
      expect(res.json<{ message: string }>().message, what).toBeTruthy();
    }
    const unknown = await update(id, cucumber({ translations: { fr: { name: 'Soupe' } } }));
    expect(unknown.json<{ message: string }>().message).toBe('Unknown language: fr; the shop offers de');
    expect(await storedTranslations(id)).toBe(before);
    expect((await create(cucumber({ name: 'Never made', translations: { fr: { name: 'Jamais' } } }))).statusCode).toBe(400);
    expect((await get('/api/admin/items', admin.headers)).json<AdminMenuItem[]>().some((dish) => dish.name === 'Never made')).toBe(false);
  });

  it('is read back by administrators only', async () => {
    const id = await newDish();
    expect((await get(`/api/admin/items/${id}`)).statusCode).toBe(401);
    expect((await get(`/api/admin/items/${id}`, customer.headers)).statusCode).toBe(403);
    expect((await get('/api/admin/items/no-such-dish', admin.headers)).statusCode).toBe(404);
  });

  it('keeps the texts a PATCH leaves out, and replaces those it sends', async () => {
    const id = await newDish();
    // The spec's PATCH (five fields): every translation kept.
    const { options: _options, translations: _translations, ...specFields } = cucumber();
    expect((await update(id, { ...specFields, name: 'Cucumber Soup' })).statusCode).toBe(200);
    let item = await adminItem(id);
    expect(item.translations?.de?.name).toBe('Gurken-Dill-Suppe');
    expect(item.options![0]!.translations).toEqual({ de: 'Größe' });
    // Options sent again without their translations: those go, the name's stay.
    expect((await update(id, { ...specFields, options: [{ ...sizeGroup(false), id: item.options![0]!.id }] })).statusCode).toBe(200);
    item = await adminItem(id);
    expect(item.options![0]!.translations).toBeUndefined();
    expect(item.translations?.de?.name).toBe('Gurken-Dill-Suppe');
    // Empty texts fall back to English: nothing is stored for them.
    expect((await update(id, { ...specFields, translations: { de: { name: '', recipe: ' ' } } })).statusCode).toBe(200);
    expect(await storedTranslations(id)).toBeNull();
    expect((await adminItem(id)).translations).toBeUndefined();
  });
});

describe('the public reads answer in the request’s language', () => {
  it('the menu: German for a German reader (Accept-Language, ?lang=, the cookie), English unchanged, each with its own ETag', async () => {
    const id = await newDish(cucumber({ translations: undefined, options: [sizeGroup(false)] }));
    const englishBefore = await get('/api/items');
    const { options: _options, ...fields } = cucumber();
    expect((await update(id, fields)).statusCode).toBe(200);
    const english = await get('/api/items');
    // English readers get the same bytes and ETag as before the dish had German texts.
    expect(english.body).toBe(englishBefore.body);
    expect(english.headers.etag).toBe(englishBefore.headers.etag);
    expect(english.headers.vary).toBe('accept-encoding, accept-language, cookie');
    for (const headers of [GERMAN, { cookie: 'lang=de' }]) {
      const german = await get('/api/items', headers);
      expect(german.statusCode).toBe(200);
      expect(german.headers.etag).not.toBe(english.headers.etag);
      expect(german.headers.vary).toBe('accept-encoding, accept-language, cookie');
      const dish = german.json<MenuItem[]>().find((item) => item._id === id)!;
      expect(dish.name).toBe('Gurken-Dill-Suppe');
      expect(dish.recipe).toBe('Kalte Gurke mit Dill und Cashewcreme püriert.');
      // A German ETag is answered 304 for German, not for English.
      expect((await get('/api/items', { ...headers, 'if-none-match': german.headers.etag as string })).statusCode).toBe(304);
    }
    expect((await get('/api/items?lang=de')).json<MenuItem[]>().find((item) => item._id === id)!.name).toBe('Gurken-Dill-Suppe');
    expect((await get('/api/items', { 'if-none-match': (await get('/api/items', GERMAN)).headers.etag as string })).statusCode).toBe(200);
    // A language the shop does not offer is English.
    expect((await get('/api/items', { 'accept-language': 'fr' })).body).toBe(english.body);
    // A category and the first of each category too.
    expect((await get('/api/items?category=raw-special', GERMAN)).json<MenuItem[]>().find((item) => item._id === id)!.name).toBe('Gurken-Dill-Suppe');
    expect((await get('/api/items?category=raw-special')).json<MenuItem[]>().find((item) => item._id === id)!.name).toBe('Cucumber Dill Soup');
    const firsts = (await get('/api/items?perCategory=12', GERMAN)).json<MenuItem[]>();
    expect(firsts.find((item) => item._id === id)?.name).toBe('Gurken-Dill-Suppe');
  });

  it('a dish: its name, description and option names, English where a text is missing; a hidden dish in neither', async () => {
    const id = await newDish(cucumber({ translations: { de: { name: 'Gurkensuppe' } } }));
    const german = await get(`/api/items/${id}`, GERMAN);
    expect(german.headers.vary).toBe('accept-encoding, accept-language, cookie');
    const dish = german.json<MenuItem>();
    expect(dish.name).toBe('Gurkensuppe');
    expect(dish.recipe).toBe('Chilled cucumber blended with dill and cashew cream.');
    expect(dish.options![0]!.name).toBe('Größe');
    expect(dish.options![0]!.choices.map((choice) => choice.name)).toEqual(['Klein', 'Large']);
    const english = (await get(`/api/items/${id}`)).json<MenuItem>();
    expect(english.name).toBe('Cucumber Dill Soup');
    expect(english.options![0]!.choices.map((choice) => choice.name)).toEqual(['Small', 'Large']);
    await t.app.inject({ method: 'PATCH', url: `/api/items/${id}/availability`, headers: admin.headers, payload: { hidden: true } });
    expect((await get(`/api/items/${id}`, GERMAN)).statusCode).toBe(404);
    expect((await get('/api/items', GERMAN)).json<MenuItem[]>().some((item) => item._id === id)).toBe(false);
  });

  it('search: a German word finds the dish for a German reader, an English word still does', async () => {
    const id = await newDish(cucumber({ name: 'Beetroot Carpaccio', category: 'grilled', recipe: 'Thin beetroot with walnuts.', translations: { de: { name: 'Rote-Bete-Carpaccio', recipe: 'Dünne Rote Bete mit Walnüssen.' } } }));
    const search = async (q: string, headers: Headers = {}) => (await get(`/api/items?q=${encodeURIComponent(q)}`, headers)).json<MenuItem[]>();
    expect((await search('Walnüssen', GERMAN)).map((item) => item._id)).toContain(id);
    expect((await search('Bete', GERMAN)).find((item) => item._id === id)?.name).toBe('Rote-Bete-Carpaccio');
    expect((await search('beetroot', GERMAN)).find((item) => item._id === id)?.name).toBe('Rote-Bete-Carpaccio');
    expect((await search('beetroot')).find((item) => item._id === id)?.name).toBe('Beetroot Carpaccio');
    expect((await search('Walnüssen')).map((item) => item._id)).not.toContain(id);
    const answer = await get('/api/items?q=bete', GERMAN);
    expect(answer.headers.vary).toBe('accept-encoding, accept-language, cookie');
    // The same search in English is kept apart from the German one.
    expect((await get('/api/items?q=bete')).json<MenuItem[]>().map((item) => item._id)).not.toContain(id);
  });

  it('the server-drawn pages: the dish page and the order page in German', async () => {
    const id = await newDish(cucumber({ name: 'Kale Crunch', category: 'grilled', translations: { de: { name: 'Grünkohl-Knusper' } } }));
    const german = await get(`/item/${id}`, GERMAN);
    expect(german.statusCode).toBe(200);
    expect(german.body).toContain('<main>Grünkohl-Knusper|Größe</main>');
    expect(german.body).toContain('<title>Raw Roots Grünkohl-Knusper</title>');
    expect((await get(`/item/${id}`)).body).toContain('<main>Kale Crunch|Size</main>');
    expect((await get('/order', GERMAN)).body).toContain('Grünkohl-Knusper');
    expect((await get('/order')).body).not.toContain('Grünkohl-Knusper');
  });
});
