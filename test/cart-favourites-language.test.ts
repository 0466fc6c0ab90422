import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartEntry } from '../src/shared/cart.ts';
import type { MenuItem } from '../src/shared/menu.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { uploadedImageUrl } from './helpers/upload.ts';

/**
 * The cart and the favourites name their dishes in the reader's language (issue 44), as the menu
 * does (docs/i18n.md "Dishes in every language"): a German reader's cart and favourites read the
 * owner's German texts, English where a dish has none; English answers are as before.
 */
let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let translated: string;
let untranslated: string;
let image: string;
const soup = () => ({
  category: 'raw-special',
  price: 9.5,
  image,
  recipe: 'Chilled.',
  name: 'Cucumber Dill Soup',
  translations: { de: { name: 'Gurken-Dill-Suppe', recipe: 'Kalt.' } },
  options: [{ name: 'Size', translations: { de: 'Größe' }, min: 1, max: 1, choices: [{ name: 'Small', price: 0, translations: { de: 'Klein' } }, { name: 'Large', price: 2 }] }],
});

type Headers = Record<string, string>;
const GERMAN: Headers = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true });
  customer = await signUpUser(t.app);
  image = await uploadedImageUrl(t.app, admin.headers);
  const create = async (body: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/items', headers: admin.headers, payload: { category: 'raw-special', price: 9.5, image, recipe: 'Chilled.', ...body } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ insertedId: string }>().insertedId;
  };
  translated = await create(soup());
  untranslated = await create({ name: 'Plain Salad' });
});
afterAll(async () => t.close());

const cartOf = async (user: TestUser, headers: Headers = {}) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/cart?email=${encodeURIComponent(user.email)}`, headers: { ...user.headers, ...headers } });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const favouritesOf = async (user: TestUser, headers: Headers = {}) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/favourites', headers: { ...user.headers, ...headers } });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

describe("the cart in the reader's language", () => {
  beforeAll(async () => {
    for (const itemId of [translated, untranslated]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/cart', headers: customer.headers, payload: { itemId } });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('names a dish and its options in German for a German reader, English where the dish has no German', async () => {
    const german = (await cartOf(customer, GERMAN)).json<CartEntry[]>();
    expect(german.map((entry) => entry.name)).toEqual(['Gurken-Dill-Suppe', 'Plain Salad']);
    expect(german[0]!.options).toEqual([expect.objectContaining({ group: 'Größe', choices: [expect.objectContaining({ name: 'Klein' })] })]);
    // The cookie of the header's switch chooses too, over Accept-Language.
    const byCookie = (await cartOf(customer, { cookie: 'lang=de', 'accept-language': 'en' })).json<CartEntry[]>();
    expect(byCookie[0]!.name).toBe('Gurken-Dill-Suppe');
  });

  it('answers English as before, each language kept apart with its own ETag', async () => {
    const english = await cartOf(customer);
    expect(english.json<CartEntry[]>().map((entry) => entry.name)).toEqual(['Cucumber Dill Soup', 'Plain Salad']);
    expect(english.json<CartEntry[]>()[0]!.options![0]).toEqual(expect.objectContaining({ group: 'Size', choices: [expect.objectContaining({ name: 'Small' })] }));
    const german = await cartOf(customer, GERMAN);
    expect(german.headers.etag).not.toBe(english.headers.etag);
    expect(german.headers.vary).toBe('accept-encoding, accept-language, cookie');
    expect(t.app.keptAnswers.isKept(customer.id, 'cart')).toBe(true);
    expect(t.app.keptAnswers.isKept(customer.id, 'cart:de')).toBe(true);
    // Read again, each is its own language's (from the kept answers).
    expect((await cartOf(customer)).json<CartEntry[]>()[0]!.name).toBe('Cucumber Dill Soup');
    expect((await cartOf(customer, GERMAN)).json<CartEntry[]>()[0]!.name).toBe('Gurken-Dill-Suppe');
  });

  it("follows the owner's new German name at once", async () => {
    const res = await t.app.inject({ method: 'PATCH', url: `/api/items/${translated}`, headers: admin.headers, payload: { ...soup(), translations: { de: { name: 'Gurkensuppe' } } } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await cartOf(customer, GERMAN)).json<CartEntry[]>()[0]!.name).toBe('Gurkensuppe');
    expect((await cartOf(customer)).json<CartEntry[]>()[0]!.name).toBe('Cucumber Dill Soup');
  });
});

describe("the favourites in the reader's language", () => {
  it('answers the dishes as the German menu does, and English as before', async () => {
    for (const itemId of [untranslated, translated]) {
      expect((await t.app.inject({ method: 'PUT', url: `/api/favourites/${itemId}`, headers: customer.headers })).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const german = await favouritesOf(customer, GERMAN);
    const menu = (await t.app.inject({ method: 'GET', url: '/api/items', headers: GERMAN })).json<MenuItem[]>();
    expect(german.json<MenuItem[]>()).toEqual([translated, untranslated].map((id) => menu.find((item) => item._id === id)));
    expect(german.json<MenuItem[]>()[0]!.name).toBe('Gurkensuppe');
    expect(german.headers.vary).toContain('accept-language');
    const english = (await favouritesOf(customer)).json<MenuItem[]>();
    expect(english.map((item) => item.name)).toEqual(['Cucumber Dill Soup', 'Plain Salad']);
    expect(english[0]!.options![0]!.name).toBe('Size');
  });
});
