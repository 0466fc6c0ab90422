import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ticketBytes } from '../src/server/printers/escpos-ticket.ts';
import { kitchenTicket } from '../src/shared/kitchen-ticket.ts';
import type { Order } from '../src/shared/orders.ts';
import type { CreateIntentAnswer } from '../src/shared/payments.ts';
import { promotionInputSchema } from '../src/shared/promo-codes.ts';
import { defaultSettings, type RestaurantSettings } from '../src/shared/restaurant-settings.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { zoneWhereItIsDaytime } from './order-helpers.ts';
import { confirmSandbox, createIntent, fillCart, postPayment } from './payment-helpers.ts';

/**
 * A promo code on a taxed order (docs/product.md §28 and §30): the discount comes off the dishes
 * before tax, spread over the lines in proportion to their amounts (the cent left over to the
 * largest), and each line's tax is computed on what is left; the intent, the order's stored taxes
 * and its total agree. The figures below are worked out by hand, not by the code under test.
 */
const ZONE = zoneWhereItIsDaytime();
const FOOD = { id: 'food', name: 'Food 7 %', percent: 7 };
const DRINKS = { id: 'drinks', name: 'Drinks 19 %', percent: 19 };
let t: TestApp;
let admin: TestUser;
let bowlId: string;
let drinkId: string;

/** Sets a dish's price and rate through the item route, as the item form does. */
async function setDish(dishId: string, priceCents: number, taxRateId: string) {
  const row = await t.database.db.selectFrom('menu_items').selectAll().where('id', '=', dishId).executeTakeFirstOrThrow();
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/items/${dishId}`,
    headers: admin.headers,
    payload: { name: row.name, category: row.category, price: priceCents / 100, recipe: row.recipe, image: row.image, taxRateId },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function saveTaxMode(taxMode: RestaurantSettings['taxMode'], changes: Partial<RestaurantSettings> = {}) {
  const res = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: { ...defaultSettings(ZONE), taxMode, taxRates: [FOOD, DRINKS], ...changes } });
  expect(res.statusCode, res.body).toBe(200);
}

/** Pays a bowl ($12.50, food 7 %) and a drink ($4.50, drinks 19 %) with `code`; the intent's answer and the placed order. */
async function payTaxed(code: string, extra: Record<string, unknown> = {}): Promise<{ intent: CreateIntentAnswer; order: Order; stored: { total_cents: number; tax_cents: number; discount_cents: number } }> {
  const user = await signUpUser(t.app);
  await fillCart(t.app, user, [bowlId, drinkId]);
  const res = await createIntent(t.app, user, { promoCode: code, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  const intent = res.json<CreateIntentAnswer>();
  expect((await confirmSandbox(t.app, user, intent)).statusCode).toBe(200);
  const paid = await postPayment(t.app, user, intent.intentId);
  expect(paid.statusCode, paid.body).toBe(200);
  const orderId = paid.json<{ order: { _id: string } }>().order._id;
  const view = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: user.headers });
  expect(view.statusCode, view.body).toBe(200);
  const stored = await t.database.db.selectFrom('orders').select(['total_cents', 'tax_cents', 'discount_cents']).where('id', '=', orderId).executeTakeFirstOrThrow();
  return { intent, order: view.json<Order>(), stored: { total_cents: Number(stored.total_cents), tax_cents: Number(stored.tax_cents), discount_cents: Number(stored.discount_cents) } };
}

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { SHOP_TIME_ZONE: ZONE } });
  admin = await signUpUser(t.app, { admin: true });
  const dishes = await t.database.db.selectFrom('menu_items').select(['id', 'category']).where('options', 'is', null).where('new_price_cents', 'is', null).orderBy('id').execute();
  bowlId = dishes[0]!.id;
  drinkId = dishes.find((dish) => dish.category !== dishes[0]!.category)!.id;
  await saveTaxMode('included');
  await setDish(bowlId, 1250, 'food');
  await setDish(drinkId, 450, 'drinks');
  // $3.33 off $17.00: 333 × 1250 / 1700 = 244.85 → 244 and 333 × 450 / 1700 = 88.15 → 88, the cent left to the bowl.
  for (const code of ['TAXIN', 'TAXADD', 'TAXTIP']) await t.app.promotions.add(promotionInputSchema.parse({ code, kind: 'fixed', value: 3.33 }));
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('cart_items').execute();
});

describe('a promo code on a taxed order', () => {
  it('with tax included: the discount lowers the taxed amount, the taxes are those of the discounted lines', async () => {
    await saveTaxMode('included');
    const { intent, order, stored } = await payTaxed('taxin');
    // Bowl 1250 − 245 = 1005, tax 1005 × 7 / 107 = 65.75 → 66; drink 450 − 88 = 362, tax 362 × 19 / 119 = 57.80 → 58.
    const taxes = {
      mode: 'included',
      net: 12.43,
      tax: 1.24,
      lines: [
        { name: 'Food 7 %', percent: 7, net: 9.39, tax: 0.66, gross: 10.05 },
        { name: 'Drinks 19 %', percent: 19, net: 3.04, tax: 0.58, gross: 3.62 },
      ],
    };
    expect(intent).toMatchObject({ amount: 13.67, discount: 3.33, promoCode: 'TAXIN', taxes });
    expect(order).toMatchObject({ total: 13.67, discount: 3.33, promoCode: 'TAXIN', taxes });
    expect(stored).toEqual({ total_cents: 1367, tax_cents: 124, discount_cents: 333 });
    // The kitchen ticket (page and printer) reads the same discount, rows and total.
    const ticket = kitchenTicket(order, (iso) => iso, ZONE);
    expect(ticket.discount).toEqual({ label: 'Discount (TAXIN)', amount: '-$ 3.33' });
    expect(ticket.taxes.map((row) => row.amount)).toEqual(['$ 0.66', '$ 0.58']);
    expect(ticket.total).toBe('$ 13.67');
    const printed = new TextDecoder('latin1').decode(ticketBytes(ticket));
    expect(printed).toMatch(/Discount \(TAXIN\) +-\$ 3\.33/);
  });

  it('with tax added: the discount comes off the net before the tax is added', async () => {
    await saveTaxMode('added');
    const { intent, order, stored } = await payTaxed('TAXADD');
    // Bowl net 1005, tax 1005 × 7 % = 70.35 → 70; drink net 362, tax 362 × 19 % = 68.78 → 69; charged 1367 + 139.
    const taxes = {
      mode: 'added',
      net: 13.67,
      tax: 1.39,
      lines: [
        { name: 'Food 7 %', percent: 7, net: 10.05, tax: 0.7, gross: 10.75 },
        { name: 'Drinks 19 %', percent: 19, net: 3.62, tax: 0.69, gross: 4.31 },
      ],
    };
    expect(intent).toMatchObject({ amount: 15.06, discount: 3.33, promoCode: 'TAXADD', taxes });
    expect(order).toMatchObject({ total: 15.06, discount: 3.33, promoCode: 'TAXADD', taxes });
    expect(stored).toEqual({ total_cents: 1506, tax_cents: 139, discount_cents: 333 });
  });

  it('with a tip taxed at the drinks rate: the discount stays off the dishes, the tip is whole', async () => {
    await saveTaxMode('included', { tips: { enabled: true, percents: [10, 15, 20], allowAmount: true, taxRateId: 'drinks' } });
    const { intent, order, stored } = await payTaxed('TAXTIP', { tip: { kind: 'amount', amount: 2 } });
    // The dishes as above (1005 with 66 tax, 362 with 58); the $2.00 tip is a drinks line: 200 × 19 / 119 = 31.93 → 32.
    const taxes = {
      mode: 'included',
      net: 14.11,
      tax: 1.56,
      lines: [
        { name: 'Food 7 %', percent: 7, net: 9.39, tax: 0.66, gross: 10.05 },
        { name: 'Drinks 19 %', percent: 19, net: 4.72, tax: 0.9, gross: 5.62 },
      ],
    };
    expect(intent).toMatchObject({ amount: 15.67, discount: 3.33, tip: 2, taxes });
    expect(order).toMatchObject({ total: 15.67, discount: 3.33, tip: 2, taxes });
    expect(stored).toEqual({ total_cents: 1567, tax_cents: 156, discount_cents: 333 });
  });
});
