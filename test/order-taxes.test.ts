import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../src/shared/orders.ts';
import type { CreateIntentAnswer } from '../src/shared/payments.ts';
import { kitchenTicket } from '../src/shared/kitchen-ticket.ts';
import { sellerLines } from '../src/shared/order-totals.ts';
import { defaultSettings, receiptSeller, type RestaurantSettings } from '../src/shared/restaurant-settings.ts';
import { localDate } from '../src/shared/shop-time.ts';
import type { AdminStats } from '../src/shared/stats.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { parseCsv } from './stats-helpers.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { getOrder, openIntentFor, placeOrder, zoneWhereItIsDaytime } from './order-helpers.ts';
import { createIntent, fillCart } from './payment-helpers.ts';

/**
 * Taxes (docs/product.md §28): the settings' rates and pricing mode, a dish's rate (its own, else
 * its category's), the intent's amount and taxes computed by the server, kept with the order and
 * answered on it; bad settings refused with field errors, a rate in use kept.
 */
const ZONE = zoneWhereItIsDaytime();
const FOOD = { id: 'food', name: 'Food 7 %', percent: 7 };
const DRINKS = { id: 'drinks', name: 'Drinks 19 %', percent: 19 };
let t: TestApp;
let admin: TestUser;
let customer: TestUser;
/** Two dishes of two categories, without options. */
let bowl: { id: string; name: string; category: string; cents: number };
let drink: { id: string; name: string; category: string; cents: number };

function putSettings(user: TestUser | undefined, body: unknown) {
  return t.app.inject({ method: 'PUT', url: '/api/settings', headers: user?.headers, payload: body as object });
}
async function save(changes: Partial<RestaurantSettings>): Promise<RestaurantSettings> {
  const res = await putSettings(admin, { ...defaultSettings(ZONE), ...changes });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RestaurantSettings>();
}
async function setDishRate(dishId: string, taxRateId: string | null) {
  const row = await t.database.db.selectFrom('menu_items').selectAll().where('id', '=', dishId).executeTakeFirstOrThrow();
  return t.app.inject({
    method: 'PATCH',
    url: `/api/items/${dishId}`,
    headers: admin.headers,
    payload: { name: row.name, category: row.category, price: row.price_cents / 100, recipe: row.recipe, image: row.image, taxRateId },
  });
}
async function storedSettings(): Promise<string | undefined> {
  return (await t.database.db.selectFrom('restaurant_settings').select('settings').executeTakeFirst())?.settings;
}

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { SHOP_TIME_ZONE: ZONE } });
  admin = await signUpUser(t.app, { admin: true, name: 'Ada Admin' });
  customer = await signUpUser(t.app, { name: 'Cora Customer' });
  const dishes = await t.database.db
    .selectFrom('menu_items')
    .select(['id', 'name', 'category', 'price_cents'])
    .where('options', 'is', null)
    .where('new_price_cents', 'is', null)
    .orderBy('id')
    .execute();
  const first = dishes[0]!;
  const other = dishes.find((dish) => dish.category !== first.category)!;
  bowl = { id: first.id, name: first.name, category: first.category, cents: first.price_cents };
  drink = { id: other.id, name: other.name, category: other.category, cents: other.price_cents };
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.database.db.updateTable('menu_items').set({ tax_rate_id: null }).execute();
  await save({});
  await t.database.db.deleteFrom('cart_items').execute();
});

/** Half away from zero, as src/shared/order-totals.ts rounds: the expected tax of one dish. */
const includedTax = (cents: number, percent: number) => Math.round((cents * percent) / (100 + percent));
const addedTax = (cents: number, percent: number) => Math.round((cents * percent) / 100);

describe('taxes on the order', () => {
  it('with the default settings, answers and charges exactly as before (no taxes)', async () => {
    await fillCart(t.app, customer, [bowl.id, drink.id]);
    const intent = await openIntentFor(t.app, customer);
    expect(intent.amount).toBe((bowl.cents + drink.cents) / 100);
    expect(intent).not.toHaveProperty('taxes');
    await t.database.db.deleteFrom('cart_items').execute();
    const { order } = await placeOrder(t.app, customer, { items: [bowl.id] });
    expect(order).not.toHaveProperty('taxes');
    expect(order.total).toBe(bowl.cents / 100);
  });

  it('prices with tax included: two rates (a category default and a dish’s own), the amount unchanged, kept on the order', async () => {
    await save({ taxRates: [FOOD, DRINKS], categoryTaxRates: { [bowl.category]: 'food' } });
    expect((await setDishRate(drink.id, 'drinks')).statusCode).toBe(200);
    const { order } = await placeOrder(t.app, customer, { items: [bowl.id, drink.id] });
    const foodTax = includedTax(bowl.cents, 7);
    const drinksTax = includedTax(drink.cents, 19);
    expect(order.total).toBe((bowl.cents + drink.cents) / 100);
    expect(order.taxes).toEqual({
      mode: 'included',
      net: (bowl.cents + drink.cents - foodTax - drinksTax) / 100,
      tax: (foodTax + drinksTax) / 100,
      lines: [
        { name: 'Food 7 %', percent: 7, net: (bowl.cents - foodTax) / 100, tax: foodTax / 100, gross: bowl.cents / 100 },
        { name: 'Drinks 19 %', percent: 19, net: (drink.cents - drinksTax) / 100, tax: drinksTax / 100, gross: drink.cents / 100 },
      ],
    });
    // The kitchen ticket (page and printer) shows the same rows, and the seller once the settings name it.
    await save({ taxRates: [FOOD, DRINKS], categoryTaxRates: { [bowl.category]: 'food' }, legalName: 'Raw Roots GmbH', taxNumber: 'DE123456789' });
    const settings = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json<RestaurantSettings>();
    const ticket = kitchenTicket(order, (iso) => iso, ZONE, sellerLines(receiptSeller(settings)));
    expect(ticket.taxes).toEqual([
      { label: `Food 7 % included, on $ ${((bowl.cents - foodTax) / 100).toFixed(2)} net`, amount: `$ ${(foodTax / 100).toFixed(2)}` },
      { label: `Drinks 19 % included, on $ ${((drink.cents - drinksTax) / 100).toFixed(2)} net`, amount: `$ ${(drinksTax / 100).toFixed(2)}` },
    ]);
    expect(ticket.seller).toEqual(['Raw Roots GmbH', 'Tax number DE123456789']);
    // The order page reads what was stored, not today's rates: changing them later changes no receipt.
    await save({ taxRates: [{ ...FOOD, percent: 5 }, DRINKS], categoryTaxRates: { [bowl.category]: 'food' } });
    const again = await getOrder(t.app, customer, order._id);
    expect(again.json<Order>().taxes).toEqual(order.taxes);
  });

  it('with tax added at checkout, charges the dishes plus their tax', async () => {
    await save({ taxMode: 'added', taxRates: [FOOD, DRINKS], categoryTaxRates: { [bowl.category]: 'food', [drink.category]: 'drinks' } });
    await fillCart(t.app, customer, [bowl.id, drink.id]);
    // A body that names its own pricing, taxes or amount changes nothing: the server computes them.
    const res = await createIntent(t.app, customer, { price: 0.01, taxMode: 'included', taxes: { tax: 0, lines: [] }, amount: 0.01 });
    expect(res.statusCode, res.body).toBe(200);
    const intent = res.json<CreateIntentAnswer>();
    const tax = addedTax(bowl.cents, 7) + addedTax(drink.cents, 19);
    expect(intent.amount).toBe((bowl.cents + drink.cents + tax) / 100);
    expect(intent.taxes?.tax).toBe(tax / 100);
    expect(intent.taxes?.lines.map((line) => line.name)).toEqual(['Food 7 %', 'Drinks 19 %']);
    const row = await t.database.db.selectFrom('payment_intents').select('amount_cents').where('id', '=', intent.intentId).executeTakeFirstOrThrow();
    expect(row.amount_cents).toBe(bowl.cents + drink.cents + tax);
  });

  it('makes a new intent when the rates change under an open one', async () => {
    await fillCart(t.app, customer, [bowl.id]);
    const before = await openIntentFor(t.app, customer);
    await save({ taxMode: 'added', taxRates: [FOOD], categoryTaxRates: { [bowl.category]: 'food' } });
    const after = await openIntentFor(t.app, customer);
    expect(after.intentId).not.toBe(before.intentId);
    expect(after.amount).toBe((bowl.cents + addedTax(bowl.cents, 7)) / 100);
  });
});

describe('tax settings: bad input changes nothing', () => {
  it.each([
    ['a rate over 100 %', { taxRates: [{ ...FOOD, percent: 120 }] }, 'taxRates.0.percent', 'A rate is at most 100 %'],
    ['a rate without a name', { taxRates: [{ ...FOOD, name: ' ' }] }, 'taxRates.0.name', 'Name the rate, for example Food 7 %'],
    ['two rates of one name', { taxRates: [FOOD, { ...DRINKS, name: 'food 7 %' }] }, 'taxRates.1.name', 'Two rates have the same name'],
    ['a category default that is no rate', { taxRates: [FOOD], categoryTaxRates: { juice: 'drinks' } }, 'categoryTaxRates.juice', 'Choose one of the tax rates for Juice'],
    ['an unknown pricing mode', { taxMode: 'sometimes' }, 'taxMode', 'Choose whether prices include tax or tax is added at checkout'],
  ])('refuses %s', async (_what, changes, field, message) => {
    await save({ taxRates: [FOOD] });
    const stored = await storedSettings();
    const res = await putSettings(admin, { ...defaultSettings(ZONE), ...changes });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fieldErrors?: Record<string, string[]> }>().fieldErrors?.[field]).toContain(message);
    expect(await storedSettings()).toBe(stored);
  });

  it('keeps a rate a dish still has, and says which dish', async () => {
    await save({ taxRates: [FOOD, DRINKS] });
    expect((await setDishRate(drink.id, 'drinks')).statusCode).toBe(200);
    const stored = await storedSettings();
    const res = await putSettings(admin, { ...defaultSettings(ZONE), taxRates: [FOOD] });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.taxRates![0]).toBe(
      `Drinks 19 % is still the rate of ${drink.name}: choose another rate for it first`,
    );
    expect(await storedSettings()).toBe(stored);
    // Once the dish has another rate, the rate goes.
    expect((await setDishRate(drink.id, null)).statusCode).toBe(200);
    await save({ taxRates: [FOOD] });
  });

  it('refuses a dish rate that is not one of the settings', async () => {
    await save({ taxRates: [FOOD] });
    const res = await setDishRate(bowl.id, 'drinks');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.taxRateId).toEqual(['Choose one of the tax rates of the settings']);
    const row = await t.database.db.selectFrom('menu_items').select('tax_rate_id').where('id', '=', bowl.id).executeTakeFirstOrThrow();
    expect(row.tax_rate_id).toBeNull();
  });

  it('lets only administrators set rates', async () => {
    const res = await putSettings(customer, { ...defaultSettings(ZONE), taxRates: [FOOD] });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json<RestaurantSettings>().taxRates).toEqual([]);
  });
});

describe('taxes in the statistics and the orders CSV', () => {
  it('sums the tax in a tile and writes it per rate in the CSV, the two adding up alike', async () => {
    await save({ taxMode: 'added', taxRates: [FOOD, DRINKS], categoryTaxRates: { [bowl.category]: 'food', [drink.category]: 'drinks' } });
    const today = localDate(new Date(), ZONE);
    const before = await t.app.inject({ method: 'GET', url: `/api/admin/stats?from=${today}&to=${today}`, headers: admin.headers });
    const taxBefore = before.json<AdminStats>().tiles.tax.value;
    const first = (await placeOrder(t.app, customer, { items: [bowl.id, drink.id] })).order;
    const second = (await placeOrder(t.app, customer, { items: [drink.id] })).order;
    const taxOf = (order: Order, name: string) => order.taxes!.lines.find((line) => line.name === name)?.tax ?? 0;

    const stats = (await t.app.inject({ method: 'GET', url: `/api/admin/stats?from=${today}&to=${today}`, headers: admin.headers })).json<AdminStats>();
    expect(Math.round(stats.tiles.tax.value * 100) - Math.round(taxBefore * 100)).toBe(Math.round((first.taxes!.tax + second.taxes!.tax) * 100));

    const csv = await t.app.inject({ method: 'GET', url: `/api/admin/orders.csv?from=${today}&to=${today}`, headers: admin.headers });
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(csv.body.slice(1));
    expect(header!.slice(-5)).toEqual(['Tax Food 7 %', 'Tax Drinks 19 %', 'Tax, other rates', 'Tax', 'Prices']);
    const column = (name: string) => header!.indexOf(name);
    const firstRow = (order: Order) => rows.find((row) => row[1] === String(order.number) && row[column('Tax')] !== '')!;
    expect(firstRow(first).slice(-5)).toEqual([taxOf(first, 'Food 7 %').toFixed(2), taxOf(first, 'Drinks 19 %').toFixed(2), '0.00', first.taxes!.tax.toFixed(2), 'before tax']);
    expect(firstRow(second).slice(-5)).toEqual(['0.00', taxOf(second, 'Drinks 19 %').toFixed(2), '0.00', second.taxes!.tax.toFixed(2), 'before tax']);
    // The CSV's Tax column sums to the tile for the same period.
    const csvTax = rows.reduce((sum, row) => sum + Math.round(Number(row[column('Tax')] || 0) * 100), 0);
    expect(csvTax).toBe(Math.round(stats.tiles.tax.value * 100));
  });

  it('exports as before while the restaurant has no rates', async () => {
    const today = localDate(new Date(), ZONE);
    const csv = await t.app.inject({ method: 'GET', url: `/api/admin/orders.csv?from=${today}&to=${today}`, headers: admin.headers });
    expect(parseCsv(csv.body.slice(1))[0]!.slice(-4)).toEqual(['Refunds', 'Tip (as paid, before refunds)', 'Discount code', 'Order discount']);
  });
});
