import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartEntry } from '../src/shared/cart.ts';
import type { ApiOptionGroup } from '../src/shared/dish-options.ts';
import type { MenuItem } from '../src/shared/menu.ts';
import type { Order } from '../src/shared/orders.ts';
import type { CreateIntentAnswer } from '../src/shared/payments.ts';
import type { AdminStats } from '../src/shared/stats.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { uploadedImageUrl } from './helpers/upload.ts';
import { makeStaff } from './order-helpers.ts';
import { confirmSandbox, createIntent, postPayment } from './payment-helpers.ts';

/**
 * Dish options (docs/decisions/0023-dish-options.md): edited with the dish, checked and priced by
 * the server at cart add and at payment, and kept on the order, its lines and the board's answer.
 */
let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let image: string;

const BOWL_OPTIONS = [
  { name: 'Size', min: 1, max: 1, choices: [{ name: 'Small', price: 0 }, { name: 'Large', price: 2 }] },
  { name: 'Extras', min: 0, max: 2, choices: [{ name: 'Avocado', price: 1.5 }, { name: 'Sesame', price: 0.5 }, { name: 'Walnuts', price: 1 }] },
];

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  [admin, staff] = [await signUpUser(t.app, { admin: true }), await signUpUser(t.app, { name: 'Stella Staff' })];
  await makeStaff(t.app, staff);
  image = await uploadedImageUrl(t.app, admin.headers);
});
afterAll(async () => t.close());

const itemBody = (extra: object = {}) => ({ name: 'Green Bowl', category: 'offered', price: 12, recipe: 'Greens, seeds.', image, ...extra });

async function menu(): Promise<MenuItem[]> {
  return (await t.app.inject({ method: 'GET', url: '/api/items' })).json<MenuItem[]>();
}

async function createBowl(options: object = BOWL_OPTIONS, price = 12): Promise<MenuItem> {
  const res = await t.app.inject({ method: 'POST', url: '/api/items', headers: admin.headers, payload: itemBody({ options, price }) });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ insertedId: string }>().insertedId;
  return (await menu()).find((item) => item._id === id)!;
}

function patchItem(item: MenuItem, options: object | undefined) {
  const { _id, newPrice: _n, options: _o, ...fields } = item;
  return t.app.inject({ method: 'PATCH', url: `/api/items/${_id}`, headers: admin.headers, payload: options === undefined ? fields : { ...fields, options } });
}

/** Choice ids by their names: `pick(bowl, { Size: ['Large'], Extras: ['Avocado'] })`. */
function pick(item: MenuItem, byName: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(byName).map(([groupName, names]) => {
      const group = item.options!.find((g) => g.name === groupName)!;
      return [group.id, names.map((name) => group.choices.find((c) => c.name === name)!.id)];
    }),
  );
}

function addToCart(user: TestUser, itemId: string, options?: Record<string, string[]>) {
  return t.app.inject({ method: 'POST', url: '/api/cart', headers: user.headers, payload: options ? { itemId, options } : { itemId } });
}

async function cart(user: TestUser): Promise<CartEntry[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/cart?email=${encodeURIComponent(user.email)}`, headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json<CartEntry[]>();
}

const names = (entry: { options?: Array<{ group: string; choices: Array<{ name: string }> }> }) =>
  (entry.options ?? []).map((group) => `${group.group}: ${group.choices.map((c) => c.name).join(', ')}`);

describe('options in Add and Update item', () => {
  it('are saved with ids, answered in dollars, and kept by an update that leaves them out', async () => {
    const bowl = await createBowl();
    expect(bowl.options).toHaveLength(2);
    expect(bowl.options!.map((g) => [g.name, g.min, g.max, g.choices.map((c) => [c.name, c.price])])).toEqual([
      ['Size', 1, 1, [['Small', 0], ['Large', 2]]],
      ['Extras', 0, 2, [['Avocado', 1.5], ['Sesame', 0.5], ['Walnuts', 1]]],
    ]);
    for (const group of bowl.options!) {
      expect(group.id).toMatch(/^[A-Za-z0-9_-]+$/);
      for (const choice of group.choices) expect(choice.id).toMatch(/^[A-Za-z0-9_-]+$/);
    }

    // The spec's update sends no options: the dish keeps them.
    expect((await patchItem(bowl, undefined)).statusCode).toBe(200);
    expect((await menu()).find((i) => i._id === bowl._id)!.options).toEqual(bowl.options);

    // Renamed and repriced with their ids: the same groups and choices; a new choice gets an id.
    const edited: ApiOptionGroup[] = structuredClone(bowl.options!);
    edited[0]!.choices[1]!.name = 'Large (750 ml)';
    edited[0]!.choices[1]!.price = 2.5;
    edited[1]!.choices.push({ name: 'Hemp seeds', price: 0.75 } as never);
    expect((await patchItem(bowl, edited)).statusCode).toBe(200);
    const after = (await menu()).find((i) => i._id === bowl._id)!;
    expect(after.options![0]!.choices[1]).toEqual({ id: bowl.options![0]!.choices[1]!.id, name: 'Large (750 ml)', price: 2.5 });
    expect(after.options![1]!.choices).toHaveLength(4);
    expect(after.options![1]!.choices[3]!.id).toMatch(/^[A-Za-z0-9_-]+$/);

    // [] removes them: the item is answered without the field, as a dish without options.
    expect((await patchItem(after, [])).statusCode).toBe(200);
    expect((await menu()).find((i) => i._id === bowl._id)!).not.toHaveProperty('options');
  });

  it.each([
    ['at least above at most', [{ name: 'Size', min: 2, max: 1, choices: [{ name: 'S', price: 0 }, { name: 'L', price: 1 }] }], 'options.0.min', 'At least cannot be more than at most'],
    ['at most above the choices', [{ name: 'Size', min: 1, max: 3, choices: [{ name: 'S', price: 0 }, { name: 'L', price: 1 }] }], 'options.0.max', 'At most cannot be more than the 2 choices'],
    ['a group without choices', [{ name: 'Size', min: 0, max: 1, choices: [] }], 'options.0.choices', 'Give the group at least one choice'],
    ['two choices of one name', [{ name: 'Size', min: 1, max: 1, choices: [{ name: 'Large', price: 0 }, { name: 'large', price: 1 }] }], 'options.0.choices.1.name', 'Two choices have this name'],
    ['a negative price', [{ name: 'Size', min: 1, max: 1, choices: [{ name: 'S', price: -1 }] }], 'options.0.choices.0.price', 'The extra price cannot be below 0'],
    ['three decimals', [{ name: 'Size', min: 1, max: 1, choices: [{ name: 'S', price: 0.125 }] }], 'options.0.choices.0.price', 'The extra price may have at most two decimals'],
    ['an empty group name', [{ name: ' ', min: 1, max: 1, choices: [{ name: 'S', price: 0 }] }], 'options.0.name', 'Group name is required'],
    ['two groups of one name', [...BOWL_OPTIONS, { ...BOWL_OPTIONS[1], name: 'extras' }], 'options.2.name', 'Two groups have this name'],
  ])('refuses %s with the field\'s message, and saves nothing', async (_what, options, field, message) => {
    const before = (await menu()).length;
    const res = await t.app.inject({ method: 'POST', url: '/api/items', headers: admin.headers, payload: itemBody({ options }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toContain(message);
    expect((await menu()).length).toBe(before);
  });

  it('refuses a bad update and keeps the options as they were', async () => {
    const bowl = await createBowl();
    const bad = structuredClone(bowl.options!);
    bad[1]!.max = 9;
    const res = await patchItem(bowl, bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors['options.1.max']).toBeDefined();
    expect((await menu()).find((i) => i._id === bowl._id)!.options).toEqual(bowl.options);
  });

  it('are edited by administrators only', async () => {
    const customer = await signUpUser(t.app);
    const bowl = await createBowl();
    const res = await t.app.inject({ method: 'PATCH', url: `/api/items/${bowl._id}`, headers: customer.headers, payload: { ...itemBody(), options: [] } });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/cart with options', () => {
  let bowl: MenuItem;
  let customer: TestUser;
  beforeAll(async () => {
    bowl = await createBowl();
    customer = await signUpUser(t.app);
  });

  it('without options takes the default: each required group\'s first choice, nothing optional', async () => {
    const res = await addToCart(customer, bowl._id);
    expect(res.statusCode, res.body).toBe(201);
    const entry = (await cart(customer)).find((e) => e._id === res.json().insertedId)!;
    expect(entry.price).toBe(12);
    expect(names(entry)).toEqual(['Size: Small']);
  });

  it('prices a valid choice from the dish, whatever order it comes in, and answers it', async () => {
    const options = pick(bowl, { Extras: ['Sesame', 'Avocado'], Size: ['Large'] });
    const res = await addToCart(customer, bowl._id, options);
    expect(res.statusCode, res.body).toBe(201);
    const entry = (await cart(customer)).find((e) => e._id === res.json().insertedId)!;
    expect(entry.price).toBe(16);
    expect(entry).not.toHaveProperty('priceWhenAdded');
    expect(names(entry)).toEqual(['Size: Large', 'Extras: Avocado, Sesame']);
    expect(entry.options![1]!.choices.map((c) => c.price)).toEqual([1.5, 0.5]);
  });

  it.each([
    ['an unknown group', (b: MenuItem) => ({ ...pick(b, { Size: ['Small'] }), nosuchgroup: ['x'] }), 'One of the option groups you chose is no longer offered for this dish'],
    ['an unknown choice', (b: MenuItem) => ({ [b.options![0]!.id]: ['nosuchchoice'] }), 'Size: one of your choices is no longer offered'],
    ['no size', (b: MenuItem) => pick(b, { Extras: ['Avocado'] }), 'Size: choose one'],
    ['two sizes', (b: MenuItem) => pick(b, { Size: ['Small', 'Large'] }), 'Size: choose one'],
    ['three extras of at most two', (b: MenuItem) => pick(b, { Size: ['Small'], Extras: ['Avocado', 'Sesame', 'Walnuts'] }), 'Extras: choose at most 2'],
    ['the same extra twice', (b: MenuItem) => pick(b, { Size: ['Small'], Extras: ['Avocado', 'Avocado'] }), 'Extras: choose each option at most once'],
  ])('refuses %s with 400 and the reason, and the cart stays as it was', async (_what, options, reason) => {
    const before = await cart(customer);
    const res = await addToCart(customer, bowl._id, options(bowl));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(reason);
    expect(res.json().fieldErrors.options).toEqual([reason]);
    expect(await cart(customer)).toEqual(before);
  });

  it('refuses options for a dish that has none', async () => {
    const plain = (await menu()).find((item) => !item.options)!;
    const res = await addToCart(customer, plain._id, { [bowl.options![0]!.id]: [bowl.options![0]!.choices[0]!.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This dish has no options to choose');
  });

  it('refuses a malformed selection before looking at the dish', async () => {
    const res = await addToCart(customer, bowl._id, { 'not an id!': ['x'] });
    expect(res.statusCode).toBe(400);
  });
});

describe('paying for dishes with options', () => {
  it('charges the options at today\'s prices, whatever the client sends, and keeps them on the order, its lines and the board', async () => {
    const bowl = await createBowl();
    const customer = await signUpUser(t.app, { name: 'Olive Options' });
    const large = pick(bowl, { Size: ['Large'], Extras: ['Avocado'] });
    // Two large with avocado (one line of 2), one default small (another line of the same dish).
    for (const options of [large, large, undefined]) expect((await addToCart(customer, bowl._id, options)).statusCode).toBe(201);

    const entries = await cart(customer);
    expect(entries.map((e) => e.price).sort()).toEqual([12, 15.5, 15.5]);

    // The client's price is ignored: the amount is the cart's, options included.
    const intentRes = await createIntent(t.app, customer, { price: 0.5 });
    expect(intentRes.statusCode, intentRes.body).toBe(200);
    const intent = intentRes.json<CreateIntentAnswer>();
    expect(intent.amount).toBe(43);
    expect(intent.quantity).toBe(3);

    expect((await confirmSandbox(t.app, customer, intent)).statusCode).toBe(200);
    const paid = await postPayment(t.app, customer, intent.intentId);
    expect(paid.statusCode, paid.body).toBe(200);
    const order = paid.json<{ order: Order }>().order;
    expect(order.total).toBe(43);
    expect(order.lines.map((line) => [line.name, line.quantity, line.price, names(line)])).toEqual([
      ['Green Bowl', 2, 15.5, ['Size: Large', 'Extras: Avocado']],
      ['Green Bowl', 1, 12, ['Size: Small']],
    ]);
    expect(order.lines[0]!.options![1]!.choices[0]!.price).toBe(1.5);

    // The customer's order page and the staff board answer the same lines.
    const own = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: customer.headers });
    expect(own.json<Order>().lines).toEqual(order.lines);
    const board = await t.app.inject({ method: 'GET', url: '/api/staff/orders', headers: staff.headers });
    expect(board.statusCode).toBe(200);
    expect(board.json<Order[]>().find((o) => o._id === order._id)!.lines).toEqual(order.lines);

    // The order's rows for the statistics carry the options; the dish's figures add up.
    const rows = await t.app.db.selectFrom('order_lines').selectAll().where('order_id', '=', order._id).orderBy('position').execute();
    expect(rows.map((r) => [r.unit_cents, r.quantity])).toEqual([[1550, 2], [1200, 1]]);
    expect(JSON.parse(rows[0]!.options!)[0].choices[0].name).toBe('Large');
    expect(rows[1]!.options).not.toBeNull();
    const stats = await t.app.inject({ method: 'GET', url: '/api/admin/stats?period=today', headers: admin.headers });
    const dish = stats.json<AdminStats>().topDishesByRevenue.find((d) => d.itemId === bowl._id);
    expect(dish).toEqual({ itemId: bowl._id, name: 'Green Bowl', quantity: 3, revenue: 43 });

    // The export names the options after the dish.
    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/orders.csv?period=today', headers: admin.headers });
    expect(csv.body).toContain('Green Bowl (Size: Large (+$2.00); Extras: Avocado (+$1.50))');
  });

  it('charges an option\'s new price and says what it was added at', async () => {
    const bowl = await createBowl();
    const customer = await signUpUser(t.app);
    expect((await addToCart(customer, bowl._id, pick(bowl, { Size: ['Large'] }))).statusCode).toBe(201);
    const options = structuredClone(bowl.options!);
    options[0]!.choices[1]!.price = 3;
    expect((await patchItem(bowl, options)).statusCode).toBe(200);

    const [entry] = await cart(customer);
    expect(entry!.price).toBe(15);
    expect(entry!.priceWhenAdded).toBe(14);
    expect(entry!.options![0]!.choices[0]!.price).toBe(3);
    const intent = await createIntent(t.app, customer, { price: 14 });
    expect(intent.json<CreateIntentAnswer>().amount).toBe(15);
  });

  it('refuses to charge an entry whose choice was removed since, and names it', async () => {
    const bowl = await createBowl();
    const customer = await signUpUser(t.app);
    expect((await addToCart(customer, bowl._id, pick(bowl, { Size: ['Small'], Extras: ['Walnuts'] }))).statusCode).toBe(201);
    const options = structuredClone(bowl.options!);
    options[1]!.choices = options[1]!.choices.filter((c) => c.name !== 'Walnuts');
    expect((await patchItem(bowl, options)).statusCode).toBe(200);

    const before = await cart(customer);
    expect(before[0]!.optionsProblem).toBe('Green Bowl: Walnuts is no longer offered. Delete it from your cart and add the dish again.');
    const intent = await createIntent(t.app, customer, { price: 13 });
    expect(intent.statusCode).toBe(409);
    expect(intent.json().message).toBe(before[0]!.optionsProblem);
    expect(await cart(customer)).toEqual(before);
    expect(await t.app.db.selectFrom('payment_intents').select('id').where('user_id', '=', customer.id).execute()).toEqual([]);
  });

  it('refuses to charge an entry of a dish that now asks a choice it was added without', async () => {
    const soup = await createBowl([]);
    expect(soup).not.toHaveProperty('options');
    const customer = await signUpUser(t.app);
    expect((await addToCart(customer, soup._id)).statusCode).toBe(201);
    expect((await patchItem(soup, [BOWL_OPTIONS[0]])).statusCode).toBe(200);
    const intent = await createIntent(t.app, customer, { price: 12 });
    expect(intent.statusCode).toBe(409);
    expect(intent.json().message).toBe('Green Bowl: Size: choose one. Delete it from your cart and add the dish again.');
  });
});
