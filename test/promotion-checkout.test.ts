import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailFor } from '../src/server/mail/order-mails.ts';
import { renderMail } from '../src/server/mail/render-mail.ts';
import type { ApiError } from '../src/shared/errors.ts';
import { PROMO_TEXTS, promotionInputSchema, type Promotion } from '../src/shared/promo-codes.ts';
import type { Order } from '../src/shared/orders.ts';
import type { AdminStats } from '../src/shared/stats.ts';
import type { CreateIntentAnswer } from '../src/shared/payments.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { zoneWhereItIsDaytime } from './order-helpers.ts';
import { confirmSandbox, createIntent, fillCart, menuItemIds, postPayment } from './payment-helpers.ts';

/**
 * A promo code at checkout (docs/product.md, "Promo codes"): the server prices the discount and
 * takes the code's use when the payment is opened, atomically, so of many payments for the last
 * uses exactly that many get the discount; a refused code opens no payment; a payment cancelled
 * before it is charged gives its use back; the order keeps the discount and the code.
 */
const ZONE = zoneWhereItIsDaytime();
let t: TestApp;
let dish: { id: string; cents: number };
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { SHOP_TIME_ZONE: ZONE } });
  dish = (await menuItemIds(t.app, 1))[0]!;
  admin = await signUpUser(t.app, { admin: true });
});
afterAll(async () => t.close());

const addCode = (body: Record<string, unknown>): Promise<Promotion> => t.app.promotions.add(promotionInputSchema.parse(body));
const usesOf = async (id: string) => Number((await t.database.db.selectFrom('promotions').select('uses').where('id', '=', id).executeTakeFirstOrThrow()).uses);
const intentsOf = (user: TestUser) => t.database.db.selectFrom('payment_intents').select(['id', 'amount_cents', 'discount_cents', 'promo_code', 'status']).where('user_id', '=', user.id).execute();

async function shopper(): Promise<TestUser> {
  const user = await signUpUser(t.app);
  await fillCart(t.app, user, [dish.id]);
  return user;
}

async function payWith(user: TestUser, promoCode: string): Promise<{ intent: CreateIntentAnswer; orderId: string }> {
  const res = await createIntent(t.app, user, { promoCode });
  expect(res.statusCode, res.body).toBe(200);
  const intent = res.json<CreateIntentAnswer>();
  expect((await confirmSandbox(t.app, user, intent)).statusCode).toBe(200);
  const paid = await postPayment(t.app, user, intent.intentId);
  expect(paid.statusCode, paid.body).toBe(200);
  return { intent, orderId: paid.json<{ order: { _id: string } }>().order._id };
}

describe('a promo code at checkout', () => {
  it('takes the discount off the charge, keeps it on the order, and is refused a second time', async () => {
    await addCode({ code: 'SPROUT10', kind: 'percent', value: 10 });
    const user = await shopper();
    // The body's own discount is no part of the price: only the code counts, and the server prices it.
    const { intent, orderId } = await payWith(user, ' sprout10 ');
    const discount = Math.round(dish.cents / 10);
    expect(intent).toMatchObject({ promoCode: 'SPROUT10', discount: discount / 100, amount: (dish.cents - discount) / 100 });
    const order = await t.database.db.selectFrom('orders').select(['total_cents', 'discount_cents', 'promo_code']).where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ total_cents: dish.cents - discount, discount_cents: discount, promo_code: 'SPROUT10' });
    // The order's page and the board read the discount from the server.
    const view = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: user.headers });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json<Order>()).toMatchObject({ total: (dish.cents - discount) / 100, discount: discount / 100, promoCode: 'SPROUT10' });
    // The orders CSV: the code and the order's discount on its first row.
    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/orders.csv?period=today', headers: admin.headers });
    expect(csv.statusCode).toBe(200);
    const header = csv.body.slice(1).split('\r\n')[0]!;
    expect(header.endsWith('"Discount code","Order discount"')).toBe(true);
    expect(csv.body).toContain(`"SPROUT10","${(discount / 100).toFixed(2)}"\r\n`);
    // The receipt mail made from that order: a discount line above the total.
    const base = { name: 'Sam', number: 1, fulfilmentType: 'pickup', fulfilment: 'Pickup', orderLink: 'http://shop.test/o', profileLink: 'http://shop.test/p' } as const;
    const mail = mailFor('placed', view.json<Order>(), base, 'UTC', {}, []);
    expect(mail.template).toBe('order-receipt');
    const drawn = await renderMail(mail as Parameters<typeof renderMail>[0]);
    expect(drawn.text).toMatch(/Discount \(SPROUT10\)\s+−\$/);
    expect(drawn.text.indexOf('Discount (SPROUT10)')).toBeLessThan(drawn.text.indexOf('Total paid'));
    // The statistics' "Discounts given".
    const stats = await t.app.inject({ method: 'GET', url: '/api/admin/stats?period=today', headers: admin.headers });
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json<AdminStats>().tiles.discounts.value).toBe(discount / 100);

    await fillCart(t.app, user, [dish.id]);
    const again = await createIntent(t.app, user, { promoCode: 'SPROUT10' });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>()).toMatchObject({ code: 'PROMO_NOT_APPLICABLE', message: PROMO_TEXTS.refusals.alreadyUsed });
    // A first order only code, for a customer who ordered before.
    await addCode({ code: 'FIRST', kind: 'fixed', value: 1, firstOrderOnly: true });
    expect((await createIntent(t.app, user, { promoCode: 'FIRST' })).json<ApiError>().message).toBe(PROMO_TEXTS.refusals.firstOrderOnly);
  });

  it('names why a code does not apply and opens no payment', async () => {
    const hour = 3_600_000;
    await addCode({ code: 'OLD', kind: 'fixed', value: 1, validTo: new Date(Date.now() - hour).toISOString() });
    await addCode({ code: 'SOON', kind: 'fixed', value: 1, validFrom: new Date(Date.now() + hour).toISOString() });
    await addCode({ code: 'BIG', kind: 'fixed', value: 1, minimumOrder: (dish.cents + 1) / 100 });
    await addCode({ code: 'RESTING', kind: 'fixed', value: 1, paused: true });
    const user = await shopper();
    const cases: Array<[string, string]> = [
      ['NOPE', PROMO_TEXTS.refusals.unknown],
      ['OLD', PROMO_TEXTS.refusals.expired],
      ['SOON', PROMO_TEXTS.refusals.notYet],
      ['BIG', PROMO_TEXTS.refusals.minimumNotMet],
      ['RESTING', PROMO_TEXTS.refusals.paused],
    ];
    for (const [code, message] of cases) {
      const res = await createIntent(t.app, user, { promoCode: code });
      expect(res.statusCode, code).toBe(409);
      expect(res.json<ApiError>().message, code).toBe(message);
    }
    expect((await createIntent(t.app, user, { promoCode: 'X'.repeat(31) })).statusCode).toBe(400);
    expect(await intentsOf(user)).toEqual([]);
  });

  it('leaves the open payment as it was when a code asked for on the payment page is refused', async () => {
    await addCode({ code: 'KEEP', kind: 'fixed', value: 1 });
    const user = await shopper();
    const first = await createIntent(t.app, user);
    expect(first.statusCode, first.body).toBe(200);
    const open = first.json<CreateIntentAnswer>();
    expect((await createIntent(t.app, user, { promoCode: 'NOPE' })).json<ApiError>().message).toBe(PROMO_TEXTS.refusals.unknown);
    // The payment the page holds can still be paid: the same intent, never cancelled.
    expect(await intentsOf(user)).toEqual([expect.objectContaining({ id: open.intentId, status: 'requires_payment_method', discount_cents: 0 })]);
    const again = await createIntent(t.app, user);
    expect(again.json<CreateIntentAnswer>().intentId).toBe(open.intentId);
    // With the same code again, the open payment that carries it is answered, not refused as already used.
    const coded = (await createIntent(t.app, user, { promoCode: 'KEEP' })).json<CreateIntentAnswer>();
    expect(coded).toMatchObject({ promoCode: 'KEEP', discount: 1 });
    expect((await createIntent(t.app, user, { promoCode: 'keep' })).json<CreateIntentAnswer>().intentId).toBe(coded.intentId);
  });

  it('gives the use back when the payment is cancelled before it is charged', async () => {
    const once = await addCode({ code: 'ONCE', kind: 'fixed', value: 2, maxUses: 1 });
    const user = await shopper();
    expect((await createIntent(t.app, user, { promoCode: 'ONCE' })).statusCode).toBe(200);
    expect(await usesOf(once.id)).toBe(1);
    // A cart change cancels the open payment: its use goes back, and the code can be used again.
    await fillCart(t.app, user, [dish.id]);
    expect(await usesOf(once.id)).toBe(0);
    expect((await createIntent(t.app, user, { promoCode: 'ONCE' })).statusCode).toBe(200);
    // Asking without the code cancels that payment too and opens one at the full price.
    const full = await createIntent(t.app, user);
    expect(full.json<CreateIntentAnswer>()).toMatchObject({ amount: (2 * dish.cents) / 100 });
    expect(full.json<CreateIntentAnswer>().discount).toBeUndefined();
    expect(await usesOf(once.id)).toBe(0);
  });

  it('of 20 payments at once for a code with 5 uses left, exactly 5 get the discount', async () => {
    const code = await addCode({ code: 'RUSH', kind: 'fixed', value: 3, maxUses: 6 });
    // One use already taken: five are left.
    await payWith(await shopper(), 'RUSH');
    const racers = await Promise.all(Array.from({ length: 20 }, () => shopper()));
    const opened = await Promise.all(racers.map((user) => createIntent(t.app, user, { promoCode: 'rush' })));
    const won = opened.flatMap((res, i) => (res.statusCode === 200 ? [{ user: racers[i]!, intent: res.json<CreateIntentAnswer>() }] : []));
    expect(won).toHaveLength(5);
    for (const res of opened.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<ApiError>().message).toBe(PROMO_TEXTS.refusals.usedUp);
    }
    for (const { intent } of won) expect(intent).toMatchObject({ discount: 3, amount: (dish.cents - 300) / 100 });
    // Nobody refused holds a payment that could still be charged at the discounted amount.
    for (const [i, user] of racers.entries()) {
      const rows = await intentsOf(user);
      if (opened[i]!.statusCode === 200) expect(rows.filter((row) => row.discount_cents === 300)).toHaveLength(1);
      else expect(rows.every((row) => row.status === 'canceled')).toBe(true);
    }
    for (const { user, intent } of won) {
      expect((await confirmSandbox(t.app, user, intent)).statusCode).toBe(200);
      expect((await postPayment(t.app, user, intent.intentId)).statusCode).toBe(200);
    }
    const discounted = await t.database.db.selectFrom('orders').select('id').where('promo_code', '=', 'RUSH').where('discount_cents', '=', 300).execute();
    expect(discounted).toHaveLength(6);
    expect(await usesOf(code.id)).toBe(6);
    // Twenty payments at once on a shared machine: as long as the slots' race test allows.
  }, 180_000);
});
