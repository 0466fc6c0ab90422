import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '../src/shared/menu.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { uploadedImageUrl } from './helpers/upload.ts';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let image: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true, name: 'Menu Admin' });
  customer = await signUpUser(t.app);
  image = await uploadedImageUrl(t.app, admin.headers);
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
const validItem = () => ({
  name: 'Sunflower Pâté Wrap',
  category: 'raw-special',
  price: 12.75,
  recipe: 'Sprouted sunflower seeds, lemon and herbs rolled in collard leaves.',
  image,
});

function createItem(body: unknown, headers: Headers = admin.headers) {
  return t.app.inject({ method: 'POST', url: '/api/items', headers, payload: body as object });
}
function updateItem(id: string, body: unknown, headers: Headers = admin.headers) {
  return t.app.inject({ method: 'PATCH', url: `/api/items/${id}`, headers, payload: body as object });
}
function deleteItem(id: string, headers: Headers = admin.headers) {
  return t.app.inject({ method: 'DELETE', url: `/api/items/${id}`, headers });
}
async function menu(): Promise<MenuItem[]> {
  return (await t.app.inject({ method: 'GET', url: '/api/items' })).json<MenuItem[]>();
}
async function newItemId(overrides: object = {}): Promise<string> {
  const res = await createItem({ ...validItem(), ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ insertedId: string }>().insertedId;
}
async function countItems(): Promise<number> {
  const row = await t.app.db
    .selectFrom('menu_items')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('authorization matrix of the menu writes', () => {
  const callers = (): [string, Headers | undefined, number][] => [
    ['anonymous', undefined, 401],
    ['a forged token', { authorization: 'Bearer not-a-token' }, 401],
    ['a customer', customer.headers, 403],
  ];

  it('POST /api/items: only an administrator creates, nobody else changes anything', async () => {
    const before = await countItems();
    for (const [who, headers, status] of callers()) {
      const res = await t.app.inject({ method: 'POST', url: '/api/items', headers, payload: validItem() });
      expect(res.statusCode, who).toBe(status);
      // The role is checked before the body, so a stranger learns nothing from validation.
      const invalid = await t.app.inject({ method: 'POST', url: '/api/items', headers, payload: { name: '' } });
      expect(invalid.statusCode, `${who}, invalid body`).toBe(status);
    }
    expect(await countItems()).toBe(before);
    expect((await createItem(validItem())).statusCode).toBe(201);
    expect(await countItems()).toBe(before + 1);
  });

  it('PATCH /api/items/{id}: only an administrator updates', async () => {
    const id = await newItemId();
    for (const [who, headers, status] of callers()) {
      const res = await updateItem(id, { ...validItem(), name: 'Hijacked' }, headers ?? {});
      expect(res.statusCode, who).toBe(status);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/items/${id}` })).json().name).toBe(validItem().name);
    expect((await updateItem(id, { ...validItem(), name: 'Renamed' })).statusCode).toBe(200);
  });

  it('DELETE /api/items/{id}: only an administrator deletes', async () => {
    const id = await newItemId();
    for (const [who, headers, status] of callers()) {
      expect((await deleteItem(id, headers ?? {})).statusCode, who).toBe(status);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/items/${id}` })).statusCode).toBe(200);
    expect((await deleteItem(id)).statusCode).toBe(200);
  });

  it('a customer promoted to administrator may write at once; demoted, at once no more', async () => {
    const user = await signUpUser(t.app);
    expect((await createItem(validItem(), user.headers)).statusCode).toBe(403);
    await t.app.db.updateTable('users').set({ role: 'admin' }).where('id', '=', user.id).execute();
    expect((await createItem(validItem(), user.headers)).statusCode).toBe(201);
    await t.app.db.updateTable('users').set({ role: 'user' }).where('id', '=', user.id).execute();
    expect((await createItem(validItem(), user.headers)).statusCode).toBe(403);
  });
});

describe('POST /api/items', () => {
  it('creates the item, answers insertedId, and the menu shows it at once', async () => {
    const before = await menu();
    const res = await createItem({ ...validItem(), name: '  Mango Lassi Bowl  ', category: 'juice', price: 9.05 });
    expect(res.statusCode, res.body).toBe(201);
    const { insertedId } = res.json<{ insertedId: string }>();
    const after = await menu();
    expect(after.length).toBe(before.length + 1);
    expect(after.find((i) => i._id === insertedId)).toEqual({
      _id: insertedId,
      name: 'Mango Lassi Bowl',
      category: 'juice',
      price: 9.05,
      recipe: validItem().recipe,
      image,
    });
    const stored = await t.app.db.selectFrom('menu_items').selectAll().where('id', '=', insertedId).executeTakeFirst();
    expect(stored?.price_cents).toBe(905);
  });

  it('accepts a name of exactly 100 characters and every one of the ten categories', async () => {
    await newItemId({ name: 'x'.repeat(100) });
    for (const category of ['offered', 'raw-special', 'spicy', 'dessert', 'foodbread', 'grilled', 'pickles', 'honey', 'fruits', 'juice']) {
      await newItemId({ category });
    }
  });
});

describe('validation of an item (POST and PATCH alike)', () => {
  const invalid: [string, object, string, RegExp][] = [
    ['no name', { name: undefined }, 'name', /required/],
    ['a blank name', { name: '   ' }, 'name', /required/],
    ['a name of 101 characters', { name: 'x'.repeat(101) }, 'name', /at most 100/],
    ['no category', { category: undefined }, 'category', /ten categories/],
    ["the spec's edit-form label 'Raw'", { category: 'Raw' }, 'category', /ten categories/],
    ["the spec's tab key 'rawSpecial'", { category: 'rawSpecial' }, 'category', /ten categories/],
    ['no price', { price: undefined }, 'price', /required/],
    ['a price as text', { price: '12.50' }, 'price', /number/],
    ['a price of 0', { price: 0 }, 'price', /more than 0/],
    ['a negative price', { price: -3 }, 'price', /more than 0/],
    ['a price with three decimals', { price: 4.999 }, 'price', /two decimals/],
    ['a price under one cent', { price: 1e-9 }, 'price', /at least 0\.01/],
    ['an absurd price', { price: 1e12 }, 'price', /at most/],
    ['no recipe', { recipe: undefined }, 'recipe', /required/],
    ['a blank recipe', { recipe: ' \n ' }, 'recipe', /required/],
    ['no image', { image: undefined }, 'image', /required/],
    ['an empty image', { image: '' }, 'image', /required/],
    ['an image of another site', { image: 'https://i.ibb.co/abc/burger.jpg' }, 'image', /uploaded to this shop/],
    [
      "another site's URL with the shop's path",
      { image: `https://evil.example${image}` },
      'image',
      /uploaded to this shop/,
    ],
    ['a protocol-relative URL', { image: `//evil.example${image}` }, 'image', /uploaded to this shop/],
    ['a path that climbs out', { image: '/api/images/../../etc/passwd' }, 'image', /uploaded to this shop/],
    ['a javascript: URL', { image: 'javascript:alert(1)' }, 'image', /uploaded to this shop/],
    [
      'a well-formed URL of an image the shop never stored',
      { image: '/api/images/00000000-0000-4000-8000-000000000000.webp' },
      'image',
      /not stored by the shop/,
    ],
  ];

  for (const [label, change, field, message] of invalid) {
    it(`refuses ${label} with a field error on ${field}, and stores nothing`, async () => {
      const id = await newItemId({ name: `Before: ${label}`.slice(0, 100) });
      const before = await countItems();
      const body = { ...validItem(), ...change };

      const created = await createItem(body);
      expect(created.statusCode, created.body).toBe(400);
      const errors = created.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors;
      expect(Object.keys(errors)).toEqual([field]);
      expect(errors[field]!.join(' ')).toMatch(message);
      expect(await countItems()).toBe(before);

      const updated = await updateItem(id, body);
      expect(updated.statusCode, updated.body).toBe(400);
      expect(Object.keys(updated.json().fieldErrors)).toEqual([field]);
      const unchanged = (await t.app.inject({ method: 'GET', url: `/api/items/${id}` })).json<MenuItem>();
      expect(unchanged.name).toBe(`Before: ${label}`.slice(0, 100));
    });
  }

  it('names every invalid field at once', async () => {
    const res = await createItem({ name: '', category: 'soup', price: -1, recipe: '', image: 'http://x.test/a.png' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual(['category', 'image', 'name', 'price', 'recipe']);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/items',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('PATCH /api/items/{id}', () => {
  it('changes every field, takes the category from its own field, keeps the new price', async () => {
    const id = await newItemId();
    await t.app.db.updateTable('menu_items').set({ new_price_cents: 1000 }).where('id', '=', id).execute();
    await t.app.menu.changed();
    const otherImage = await uploadedImageUrl(t.app, admin.headers);
    const etag = (await t.app.inject({ method: 'GET', url: '/api/items' })).headers.etag;

    const res = await updateItem(id, {
      name: 'Cashew Cheesecake',
      category: 'dessert',
      price: 11.5,
      recipe: 'Cashews, dates and lemon on a walnut crust.',
      image: otherImage,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, modifiedCount: 1 });

    const listed = await t.app.inject({ method: 'GET', url: '/api/items' });
    expect(listed.headers.etag).not.toBe(etag);
    expect(listed.json<MenuItem[]>().find((i) => i._id === id)).toEqual({
      _id: id,
      name: 'Cashew Cheesecake',
      category: 'dessert',
      price: 11.5,
      newPrice: 10,
      recipe: 'Cashews, dates and lemon on a walnut crust.',
      image: otherImage,
    });
  });

  it('answers 404 for an unknown id and creates nothing', async () => {
    const before = await countItems();
    const res = await updateItem('00000000-0000-4000-8000-000000000000', validItem());
    expect(res.statusCode).toBe(404);
    expect(await countItems()).toBe(before);
  });
});

describe('DELETE /api/items/{id}', () => {
  it('deletes the item: deletedCount 1, gone from the menu and by id; a second delete is 404', async () => {
    const id = await newItemId();
    expect((await menu()).some((i) => i._id === id)).toBe(true);
    const res = await deleteItem(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect((await menu()).some((i) => i._id === id)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/items/${id}` })).statusCode).toBe(404);
    expect((await deleteItem(id)).statusCode).toBe(404);
  });

  it('answers 404 for unknown ids, including SQL meta-characters, and deletes nothing', async () => {
    const before = await countItems();
    for (const id of ['no-such-item', "x' OR '1'='1", '%25']) {
      expect((await deleteItem(encodeURIComponent(id))).statusCode).toBe(404);
    }
    expect(await countItems()).toBe(before);
  });
});
