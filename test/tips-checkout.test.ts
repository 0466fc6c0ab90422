import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { kitchenTicket } from '../src/shared/kitchen-ticket.ts';
import type { Order } from '../src/shared/orders.ts';
import { ticketBytes } from '../src/server/printers/escpos-ticket.ts';
import type { CreateIntentAnswer } from '../src/shared/payments.ts';
import { defaultSettings, type RestaurantSettings } from '../src/shared/restaurant-settings.ts';
import { DEFAULT_TIP_SETTINGS, TIP_TEXTS } from '../src/shared/tips.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { getOrder, makeStaff, moveOrder, zoneWhereItIsDaytime } from './order-helpers.ts';
import { confirmSandbox, createIntent, fillCart, postPayment } from './payment-helpers.ts';

/**
 * Tips (docs/product.md, "Tips"): the settings that offer them, the tip the server computes from
 * the customer's choice and charges with the order, kept apart from the food on the intent and the
 * order, and given back by a whole refund.
 */
const ZONE = zoneWhereItIsDaytime();
const TIPS_ON = { ...DEFAULT_TIP_SETTINGS, enabled: true };
let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let staff: TestUser;
let dish: { id: string; category: string; cents: number };

type FieldErrors = { fieldErrors: Record<string, string[]> };

function putSettings(user: TestUser | undefined, body: unknown) {
  return t.app.inject({ method: 'PUT', url: '/api/settings', headers: user?.headers, payload: body as object });
}
async function save(changes: Partial<RestaurantSettings>): Promise<RestaurantSettings> {
  const res = await putSettings(admin, { ...defaultSettings(ZONE), ...changes });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RestaurantSettings>();
}
async function intentWithTip(tip: unknown) {
  return createIntent(t.app, customer, { price: 0.01, tip });
}
async function intentRow(id: string) {
  return t.database.db.selectFrom('payment_intents').select(['amount_cents', 'tip_cents', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
}
async function openIntents() {
  return t.database.db.selectFrom('payment_intents').select('id').where('open_for_user', '=', customer.id).execute();
}
async function pay(intent: CreateIntentAnswer): Promise<Order> {
  expect((await confirmSandbox(t.app, customer, intent)).statusCode).toBe(200);
  const res = await postPayment(t.app, customer, intent.intentId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ order: Order }>().order;
}

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { SHOP_TIME_ZONE: ZONE } });
  admin = await signUpUser(t.app, { admin: true, name: 'Ada Admin' });
  customer = await signUpUser(t.app, { name: 'Cora Customer' });
  staff = await signUpUser(t.app, { name: 'Stella Staff' });
  await makeStaff(t.app, staff);
  const row = await t.database.db
    .selectFrom('menu_items')
    .select(['id', 'category', 'price_cents'])
    .where('options', 'is', null)
    .where('new_price_cents', 'is', null)
    .where('price_cents', '>=', 1000)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  dish = { id: row.id, category: row.category, cents: row.price_cents };
});
afterAll(async () => t.close());
beforeEach(async () => {
  await save({});
  await t.database.db.deleteFrom('cart_items').execute();
});

describe('tip settings', () => {
  it('are off by default, saved and answered whole', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json<RestaurantSettings>();
    expect(before.tips).toEqual({ enabled: false, percents: [10, 15, 20], allowAmount: true, taxRateId: null });
    const saved = await save({ tips: { enabled: true, percents: [5, 18], allowAmount: false, taxRateId: null } });
    expect(saved.tips).toEqual({ enabled: true, percents: [5, 18], allowAmount: false, taxRateId: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json<RestaurantSettings>().tips).toEqual(saved.tips);
  });

  it('refuses bad tip settings at their field and keeps the saved ones', async () => {
    const kept = await save({ tips: TIPS_ON });
    const cases: Array<[unknown, string, string]> = [
      [{ ...TIPS_ON, percents: [0, 15] }, 'tips.percents.0', TIP_TEXTS.percentRange],
      [{ ...TIPS_ON, percents: [15, 31] }, 'tips.percents.1', TIP_TEXTS.percentRange],
      [{ ...TIPS_ON, percents: [10, 10] }, 'tips.percents', TIP_TEXTS.percentsUnique],
      [{ ...TIPS_ON, percents: [5, 10, 15, 20, 25] }, 'tips.percents', TIP_TEXTS.percentsAtMost],
      [{ ...TIPS_ON, percents: [], allowAmount: false }, 'tips.percents', TIP_TEXTS.percentsNeeded],
      [{ ...TIPS_ON, taxRateId: 'no-such-rate' }, 'tips.taxRateId', TIP_TEXTS.taxRate],
    ];
    for (const [tips, path, message] of cases) {
      const res = await putSettings(admin, { ...defaultSettings(ZONE), tips });
      expect(res.statusCode, JSON.stringify(tips)).toBe(400);
      expect(res.json<FieldErrors>().fieldErrors[path]).toEqual([message]);
    }
    // A customer cannot turn tips on or change them.
    expect((await putSettings(customer, { ...defaultSettings(ZONE), tips: { ...TIPS_ON, percents: [30] } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json<RestaurantSettings>().tips).toEqual(kept.tips);
  });
});

describe('the tip at checkout', () => {
  it('while tips are off, refuses any tip and opens nothing; no tip charges as before', async () => {
    await fillCart(t.app, customer, [dish.id]);
    const refused = await intentWithTip({ kind: 'percent', percent: 15 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<FieldErrors>().fieldErrors).toEqual({ tip: [TIP_TEXTS.off] });
    expect(await openIntents()).toEqual([]);
    const none = await intentWithTip({ kind: 'none' });
    expect(none.statusCode, none.body).toBe(200);
    const answer = none.json<CreateIntentAnswer>();
    expect(answer.amount).toBe(dish.cents / 100);
    expect(answer).not.toHaveProperty('tip');
    expect(answer).not.toHaveProperty('tipOffer');
  });

  it('computes an offered percentage of the food on the server, charges and keeps it apart, and shows it on the order', async () => {
    await save({ tips: TIPS_ON });
    await fillCart(t.app, customer, [dish.id]);
    const tip = Math.round((dish.cents * 15) / 100);
    // A body that names its own tip in cents or dollars is not believed: only the choice counts.
    const res = await createIntent(t.app, customer, { price: 0.01, tip: { kind: 'percent', percent: 15 }, tipCents: 1, tipAmount: 0.01 });
    expect(res.statusCode, res.body).toBe(200);
    const intent = res.json<CreateIntentAnswer>();
    expect(intent.amount).toBe((dish.cents + tip) / 100);
    expect(intent.tip).toBe(tip / 100);
    expect(intent.tipOffer).toEqual({
      percents: [10, 15, 20].map((percent) => ({ percent, amount: Math.round((dish.cents * percent) / 100) / 100 })),
      maxAmount: Math.floor(dish.cents / 2) / 100,
    });
    expect(await intentRow(intent.intentId)).toMatchObject({ amount_cents: dish.cents + tip, tip_cents: tip });
    // The same choice answers the same intent; another choice makes a new one and retires the old.
    expect((await intentWithTip({ kind: 'percent', percent: 15 })).json<CreateIntentAnswer>().intentId).toBe(intent.intentId);
    const other = (await intentWithTip({ kind: 'amount', amount: 2.5 })).json<CreateIntentAnswer>();
    expect(other.intentId).not.toBe(intent.intentId);
    expect(other.amount).toBe((dish.cents + 250) / 100);
    expect((await intentRow(intent.intentId)).status).toBe('canceled');
    const back = (await intentWithTip({ kind: 'percent', percent: 15 })).json<CreateIntentAnswer>();
    const order = await pay(back);
    expect(order.total).toBe((dish.cents + tip) / 100);
    expect(order.tip).toBe(tip / 100);
    expect(order.lines.reduce((sum, line) => sum + line.price * line.quantity, 0)).toBeCloseTo(dish.cents / 100, 6);
    const stored = await t.database.db.selectFrom('orders').select(['total_cents', 'tip_cents']).where('id', '=', order._id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ total_cents: dish.cents + tip, tip_cents: tip });
    const seen = (await getOrder(t.app, customer, order._id)).json<Order>();
    expect(seen.tip).toBe(tip / 100);
    // The kitchen ticket, on the page and on the printer's paper, has the tip's row above the total.
    const ticket = kitchenTicket(seen, (iso) => iso, ZONE);
    expect(ticket.tip).toEqual({ label: 'Tip', amount: `$ ${(tip / 100).toFixed(2)}` });
    const paper = new TextDecoder('latin1').decode(ticketBytes(ticket));
    expect(paper).toMatch(new RegExp(`Tip +\\$ ${(tip / 100).toFixed(2).replace('.', '\\.')}`));
    // Staff's board card reads the board's answer.
    const board = await t.app.inject({ method: 'GET', url: '/api/staff/orders', headers: staff.headers });
    expect(board.statusCode, board.body).toBe(200);
    expect(board.json<Order[]>().find((o) => o._id === order._id)?.tip).toBe(tip / 100);
  });

  it('refuses a tip not offered or out of bounds, at the tip field, and charges nothing for it', async () => {
    await save({ tips: { ...TIPS_ON, allowAmount: true } });
    await fillCart(t.app, customer, [dish.id]);
    const max = Math.floor(dish.cents / 2);
    const refusals: Array<[unknown, string]> = [
      [{ kind: 'percent', percent: 12 }, TIP_TEXTS.notOffered],
      [{ kind: 'amount', amount: -1 }, TIP_TEXTS.negative],
      [{ kind: 'amount', amount: (max + 1) / 100 }, TIP_TEXTS.tooLarge((max / 100).toFixed(2))],
    ];
    for (const [tip, message] of refusals) {
      const res = await intentWithTip(tip);
      expect(res.statusCode, JSON.stringify(tip)).toBe(400);
      expect(res.json<FieldErrors>().fieldErrors.tip).toEqual([message]);
    }
    for (const tip of [{ kind: 'cents', cents: 100 }, { kind: 'amount', amount: 'lots' }, { kind: 'percent', percent: 12.5 }]) {
      expect((await intentWithTip(tip)).statusCode, JSON.stringify(tip)).toBe(400);
    }
    expect(await openIntents()).toEqual([]);
    const most = (await intentWithTip({ kind: 'amount', amount: max / 100 })).json<CreateIntentAnswer>();
    expect(most.tip).toBe(max / 100);
    await save({ tips: { ...TIPS_ON, allowAmount: false } });
    expect((await intentWithTip({ kind: 'amount', amount: 1 })).json<FieldErrors>().fieldErrors.tip).toEqual([TIP_TEXTS.notOffered]);
  });

  it('is untaxed by default, and taxed at the settings’ rate when one is chosen', async () => {
    const food = { id: 'food', name: 'Food 7 %', percent: 7 };
    const tip = Math.round((dish.cents * 20) / 100);
    await save({ taxMode: 'added', taxRates: [food], categoryTaxRates: { [dish.category]: 'food' }, tips: TIPS_ON });
    await fillCart(t.app, customer, [dish.id]);
    const dishTax = Math.round((dish.cents * 7) / 100);
    const untaxed = (await intentWithTip({ kind: 'percent', percent: 20 })).json<CreateIntentAnswer>();
    expect(untaxed.amount).toBe((dish.cents + dishTax + tip) / 100);
    expect(untaxed.taxes?.tax).toBe(dishTax / 100);
    await save({ taxMode: 'added', taxRates: [food], categoryTaxRates: { [dish.category]: 'food' }, tips: { ...TIPS_ON, taxRateId: 'food' } });
    const taxed = (await intentWithTip({ kind: 'percent', percent: 20 })).json<CreateIntentAnswer>();
    const tipTax = Math.round((tip * 7) / 100);
    expect(taxed.intentId).not.toBe(untaxed.intentId);
    expect(taxed.amount).toBe((dish.cents + dishTax + tip + tipTax) / 100);
    expect(taxed.tip).toBe(tip / 100);
    expect(taxed.taxes?.tax).toBe((dishTax + tipTax) / 100);
  });

  it('a whole refund (a rejection) gives the tip back with the food', async () => {
    await save({ tips: TIPS_ON });
    await fillCart(t.app, customer, [dish.id]);
    const tip = Math.round((dish.cents * 10) / 100);
    const order = await pay((await intentWithTip({ kind: 'percent', percent: 10 })).json<CreateIntentAnswer>());
    const res = await moveOrder(t.app, staff, order._id, { status: 'rejected', reason: 'Kitchen closed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>().refund).toMatchObject({ amount: (dish.cents + tip) / 100, status: 'succeeded' });
    const refunds = await t.database.db.selectFrom('sandbox_refunds').select('amount_cents').where('intent_id', '=', order.transactionId).execute();
    expect(refunds).toEqual([{ amount_cents: dish.cents + tip }]);
  });

  it('a refund of the dishes leaves the tip; the whole of what is left then gives it back', async () => {
    await save({ tips: TIPS_ON });
    await fillCart(t.app, customer, [dish.id]);
    const order = await pay((await intentWithTip({ kind: 'amount', amount: 3 })).json<CreateIntentAnswer>());
    const refund = (body: object) => t.app.inject({ method: 'POST', url: `/api/admin/orders/${order._id}/refunds`, headers: admin.headers, payload: body });
    const lines = await refund({ lines: [{ lineId: 0, quantity: 1 }] });
    expect(lines.statusCode, lines.body).toBe(200);
    expect(lines.json<Order>().refund).toMatchObject({ amount: dish.cents / 100, status: 'succeeded' });
    const rest = await refund({ whole: true });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json<Order>().refund).toMatchObject({ amount: 3, status: 'succeeded' });
    const refunds = await t.database.db.selectFrom('sandbox_refunds').select('amount_cents').where('intent_id', '=', order.transactionId).orderBy('amount_cents', 'desc').execute();
    expect(refunds.map((r) => r.amount_cents)).toEqual([dish.cents, 300].sort((a, b) => b - a));
  });
});
