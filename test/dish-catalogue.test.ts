import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLERGENS, DISH_TAGS } from '../src/shared/dish-labels.ts';
import { menuItemSchema, type MenuItem } from '../src/shared/menu.ts';
import type { CartEntry } from '../src/shared/cart.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { uploadedImageUrl } from './helpers/upload.ts';
import { confirmSandbox, createIntent, openIntent } from './payment-helpers.ts';

/**
 * Dish labels, search, sold out and hidden (docs/product.md §18), through the real app and
 * database: the labels' round trip and checks, the search with its filters, and the server's
 * refusals to add or pay for a dish that cannot be ordered, also when already in a cart.
 */
let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let image: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  admin = await signUpUser(t.app, { admin: true, name: 'Menu Admin' });
  customer = await signUpUser(t.app);
  image = await uploadedImageUrl(t.app, admin.headers);
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers?: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload && { payload }) });
const dish = (extra: object = {}) => ({
  name: `Cashew Dream ${Math.random().toString(36).slice(2, 8)}`,
  category: 'dessert',
  price: 9.5,
  recipe: 'Cashew cream with vanilla and dates on an almond crust.',
  image,
  ...extra,
});
async function create(extra: object = {}): Promise<string> {
  const res = await inject('POST', '/api/items', admin.headers, dish(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ insertedId: string }>().insertedId;
}
const publicMenu = async () => (await inject('GET', '/api/items')).json<MenuItem[]>();
const search = (query: string) => inject('GET', `/api/items?${query}`);
const setAvailability = (id: string, body: object, headers: Headers = admin.headers) => inject('PATCH', `/api/items/${id}/availability`, headers, body);
const addToCart = (user: TestUser, itemId: string) => inject('POST', '/api/cart', user.headers, { itemId });
const cartOf = async (user: TestUser) => (await inject('GET', `/api/cart?email=${encodeURIComponent(user.email)}`, user.headers)).json<CartEntry[]>();

describe('tags and allergens', () => {
  it('are stored in the list order, answered on the menu and the dish, and kept by an update that leaves them out', async () => {
    const id = await create({ tags: ['nut-free', 'vegan'], allergens: ['sesame', 'gluten'], newPrice: 7.25 });
    const stored = (await inject('GET', `/api/items/${id}`)).json<MenuItem>();
    expect(stored).toMatchObject({ tags: ['vegan', 'nut-free'], allergens: ['gluten', 'sesame'], price: 9.5, newPrice: 7.25 });
    expect((await publicMenu()).find((item) => item._id === id)).toEqual(stored);

    // The spec's PATCH (its five fields only) keeps the labels and the offer.
    const { name, category, recipe } = dish();
    expect((await inject('PATCH', `/api/items/${id}`, admin.headers, { name, category, price: 10, recipe, image })).statusCode).toBe(200);
    expect((await inject('GET', `/api/items/${id}`)).json<MenuItem>()).toMatchObject({ tags: ['vegan', 'nut-free'], allergens: ['gluten', 'sesame'], newPrice: 7.25 });

    // Sent, they replace; an empty list clears; newPrice null takes the offer away.
    expect((await inject('PATCH', `/api/items/${id}`, admin.headers, dish({ tags: ['spicy'], allergens: [], newPrice: null }))).statusCode).toBe(200);
    const after = (await inject('GET', `/api/items/${id}`)).json<MenuItem>();
    expect(after.tags).toEqual(['spicy']);
    expect(after).not.toHaveProperty('allergens');
    expect(after).not.toHaveProperty('newPrice');
  });

  it('refuses an unknown tag or allergen and an offer not below the price (400 with the field), changing nothing', async () => {
    const before = (await publicMenu()).length;
    const badTag = await inject('POST', '/api/items', admin.headers, dish({ tags: ['keto'] }));
    expect(badTag.statusCode).toBe(400);
    expect(Object.keys(badTag.json<{ fieldErrors: object }>().fieldErrors)).toEqual(['tags.0']);
    const badAllergen = await inject('POST', '/api/items', admin.headers, dish({ allergens: ['nuts', 'pollen'] }));
    expect(badAllergen.statusCode).toBe(400);
    expect(badAllergen.json<{ fieldErrors: object }>().fieldErrors).toHaveProperty(['allergens.1']);
    const dearOffer = await inject('POST', '/api/items', admin.headers, dish({ newPrice: 9.5 }));
    expect(dearOffer.statusCode).toBe(400);
    expect(dearOffer.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.newPrice).toEqual(['The offer price must be lower than the price']);
    expect((await inject('POST', '/api/items', admin.headers, dish({ newPrice: 1.234 }))).statusCode).toBe(400);
    expect((await publicMenu()).length).toBe(before);
  });

  it('knows the six tags and the EU\'s 14 allergens', () => {
    expect(DISH_TAGS).toHaveLength(6);
    expect(ALLERGENS).toHaveLength(14);
  });
});

describe('GET /api/items?q=', () => {
  it('without q answers exactly the spec\'s list: a dish without labels has only the spec\'s fields', async () => {
    const plain = await create();
    const items = await publicMenu();
    for (const item of items) menuItemSchema.strict().parse(item);
    expect(Object.keys(items.find((item) => item._id === plain)!).sort()).toEqual(['_id', 'category', 'image', 'name', 'price', 'recipe']);
  });

  it('finds a dish by its name with a typo, by its description, its tag and its category, best first', async () => {
    const typo = await search('q=lasagan');
    expect(typo.statusCode).toBe(200);
    expect(typo.json<MenuItem[]>()[0]?.name).toBe('Raw Lasagna');
    expect((await search('q=sunflower')).json<MenuItem[]>().map((i) => i.name)).toContain('Stuffed Bell Peppers');
    const spicy = (await search('q=spicy')).json<MenuItem[]>();
    expect(spicy.length).toBeGreaterThan(0);
    expect(spicy.every((item) => item.category === 'spicy' || item.tags?.includes('spicy'))).toBe(true);
    expect((await search(`q=${encodeURIComponent('raw fruits')}`)).json<MenuItem[]>().some((item) => item.category === 'fruits')).toBe(true);
  });

  it('answers an empty list when nothing matches, and applies the tags and allergens filters', async () => {
    const none = await search('q=xylophone');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    const nutty = (await search('q=almond')).json<MenuItem[]>();
    expect(nutty.some((item) => item.allergens?.includes('nuts'))).toBe(true);
    const withoutNuts = (await search('q=almond&without=nuts')).json<MenuItem[]>();
    expect(withoutNuts.every((item) => !item.allergens?.includes('nuts'))).toBe(true);
    const veganSpicy = (await search('q=chili&tags=vegan,spicy')).json<MenuItem[]>();
    expect(veganSpicy.length).toBeGreaterThan(0);
    expect(veganSpicy.every((item) => item.tags?.includes('vegan') && item.tags.includes('spicy'))).toBe(true);
  });

  it('refuses an empty or long query, unknown labels, and q with category (400)', async () => {
    for (const query of ['q=', 'q=%20', `q=${'a'.repeat(101)}`, 'q=salad&tags=keto', 'q=salad&without=pollen', 'q=salad&category=juice', 'tags=vegan']) {
      expect((await search(query)).statusCode, query).toBe(400);
    }
  });
});

describe('sold out and hidden', () => {
  it('only an administrator sets them (401, 403), and an unknown dish is 404', async () => {
    const id = await create();
    expect((await setAvailability(id, { soldOut: true }, {})).statusCode).toBe(401);
    expect((await setAvailability(id, { soldOut: true }, customer.headers)).statusCode).toBe(403);
    expect((await setAvailability(id, {})).statusCode).toBe(400);
    expect((await setAvailability('no-such-dish', { soldOut: true })).statusCode).toBe(404);
    expect((await inject('GET', '/api/items/' + id)).json<MenuItem>()).not.toHaveProperty('soldOut');
  });

  it('a sold-out dish stays on the menu marked, and cannot be added (409 with the reason)', async () => {
    const id = await create();
    expect((await setAvailability(id, { soldOut: true })).statusCode).toBe(200);
    expect((await publicMenu()).find((item) => item._id === id)?.soldOut).toBe(true);
    const refused = await addToCart(customer, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/is sold out/);
    expect((await cartOf(customer)).some((entry) => entry.itemId === id)).toBe(false);
    await setAvailability(id, { soldOut: false });
    expect((await addToCart(customer, id)).statusCode).toBe(201);
    await inject('DELETE', `/api/cart/${(await cartOf(customer)).find((e) => e.itemId === id)!._id}`, customer.headers);
  });

  it('a hidden dish is off the public menu, its search and its page, but the administrator still reads it', async () => {
    const name = `Hidden Herb Bowl ${Date.now()}`;
    const id = await create({ name });
    await setAvailability(id, { hidden: true });
    expect((await publicMenu()).some((item) => item._id === id)).toBe(false);
    expect((await search(`q=${encodeURIComponent(name)}`)).json<MenuItem[]>().some((item) => item._id === id)).toBe(false);
    expect((await inject('GET', `/api/items/${id}`)).statusCode).toBe(404);
    expect((await inject('GET', `/api/items/${id}`, customer.headers)).statusCode).toBe(404);
    expect((await inject('GET', `/api/items/${id}`, admin.headers)).json<MenuItem>()).toMatchObject({ _id: id, hidden: true });
    const all = await inject('GET', '/api/admin/items', admin.headers);
    expect(all.json<MenuItem[]>().find((item) => item._id === id)?.hidden).toBe(true);
    expect((await inject('GET', '/api/admin/items', customer.headers)).statusCode).toBe(403);
    const refused = await addToCart(customer, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/not on the menu/);
  });

  it('a dish already in the cart, then sold out or hidden, stops the payment (409 naming it) and is marked in the cart', async () => {
    const buyer = await signUpUser(t.app);
    const keep = await create({ name: 'Plain Kale Chips' });
    const gone = await create({ name: 'Last Mango Tart' });
    expect((await addToCart(buyer, keep)).statusCode).toBe(201);
    expect((await addToCart(buyer, gone)).statusCode).toBe(201);
    await setAvailability(gone, { soldOut: true });

    const refused = await createIntent(t.app, buyer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe('Last Mango Tart is sold out: remove it from your cart to pay.');
    const cart = await cartOf(buyer);
    expect(cart.find((entry) => entry.itemId === gone)?.unavailable).toBe('sold-out');
    expect(cart.find((entry) => entry.itemId === keep)).not.toHaveProperty('unavailable');

    await setAvailability(gone, { soldOut: false, hidden: true });
    const hidden = await createIntent(t.app, buyer);
    expect(hidden.statusCode).toBe(409);
    expect(hidden.json<{ message: string }>().message).toBe('Last Mango Tart is no longer on the menu: remove it from your cart to pay.');
    expect((await cartOf(buyer)).find((entry) => entry.itemId === gone)?.unavailable).toBe('hidden');
  });

  it('a dish sold out after the payment was prepared is not charged (the sandbox confirmation is refused)', async () => {
    const buyer = await signUpUser(t.app);
    const id = await create({ name: 'Sprouted Pad Thai' });
    expect((await addToCart(buyer, id)).statusCode).toBe(201);
    const intent = await openIntent(t.app, buyer);
    await setAvailability(id, { soldOut: true });
    const confirmed = await confirmSandbox(t.app, buyer, intent);
    expect(confirmed.statusCode).toBe(409);
    expect((confirmed.body as unknown as { message: string }).message).toMatch(/Sprouted Pad Thai is sold out/);
    const orders = await inject('GET', '/api/orders', buyer.headers);
    expect(orders.json<{ total: number }>().total).toBe(0);
  });
});

describe('a dish deleted while in carts', () => {
  it('each customer who had it is told its name once, and only their own notices', async () => {
    const holder = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const id = await create({ name: 'Vanishing Beet Salad' });
    expect((await addToCart(holder, id)).statusCode).toBe(201);
    expect((await addToCart(holder, id)).statusCode).toBe(201);
    expect((await inject('DELETE', `/api/items/${id}`, admin.headers)).statusCode).toBe(200);

    expect(await cartOf(holder)).toEqual([]);
    const told = (await inject('GET', '/api/cart/removed', holder.headers)).json<{ _id: string; name: string }[]>();
    expect(told.map((r) => r.name)).toEqual(['Vanishing Beet Salad']);
    expect((await inject('GET', '/api/cart/removed', other.headers)).json()).toEqual([]);
    expect((await inject('DELETE', `/api/cart/removed/${told[0]!._id}`, other.headers)).json()).toEqual({ deletedCount: 0 });
    expect((await inject('DELETE', `/api/cart/removed/${told[0]!._id}`, holder.headers)).json()).toEqual({ deletedCount: 1 });
    expect((await inject('GET', '/api/cart/removed', holder.headers)).json()).toEqual([]);
    expect((await inject('GET', '/api/cart/removed')).statusCode).toBe(401);
  });
});
