import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMO_TEXTS, promotionDiscountCents, promotionRefusal, type Promotion, type PromotionRule } from '../src/shared/promo-codes.ts';
import { formatMoney } from '../src/shared/i18n/format.ts';
import { translatorFor } from '../src/server/i18n/translator.ts';
import { promotionRuleWords, promotionUsesWords, promotionValueWords } from '../src/web/promotions/promotion-words.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The administrator's promo codes (src/server/promotions/) through the real app and database:
 * add, list, edit, pause and delete; a bad or duplicate code is refused and changes nothing.
 */
let t: TestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpUser(t.app, { admin: true });
  customer = await signUpUser(t.app);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser | undefined, payload?: unknown) =>
  t.app.inject({ method, url, headers: user?.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function addPromotion(body: Record<string, unknown>): Promise<Promotion> {
  const res = await call('POST', '/api/admin/promotions', admin, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Promotion>();
}

const rows = () => t.database.db.selectFrom('promotions').selectAll().orderBy('id').execute();

describe('promotions', () => {
  it('adds, lists, edits, pauses and deletes promo codes', async () => {
    const tenOff = await addPromotion({ code: 'Sprout10', kind: 'percent', value: 10, minimumOrder: 25, maxUses: 5, validFrom: '2026-06-01T02:00:00+02:00' });
    expect(tenOff).toMatchObject({
      code: 'Sprout10',
      kind: 'percent',
      value: 10,
      minimumOrder: 25,
      maxUses: 5,
      uses: 0,
      validFrom: '2026-06-01T00:00:00.000Z',
      validTo: null,
      oncePerCustomer: true,
      firstOrderOnly: false,
      paused: false,
    });
    const fiveOff = await addPromotion({ code: 'WELCOME', kind: 'fixed', value: 4.5, firstOrderOnly: true, oncePerCustomer: false });
    expect(fiveOff).toMatchObject({ value: 4.5, minimumOrder: 0, maxUses: null, firstOrderOnly: true, oncePerCustomer: false });
    // Kept in cents: 4.50 dollars off is 450.
    expect((await rows()).find((row) => row.id === fiveOff.id)).toMatchObject({ amount: 450, code_key: 'WELCOME' });

    const list = await call('GET', '/api/admin/promotions', admin);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json<Promotion[]>().map((p) => p.code).sort()).toEqual(['Sprout10', 'WELCOME']);

    const edited = await call('PUT', `/api/admin/promotions/${tenOff.id}`, admin, { code: 'SPROUT15', kind: 'percent', value: 15 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Promotion>()).toMatchObject({ id: tenOff.id, code: 'SPROUT15', value: 15, minimumOrder: 0, maxUses: null });

    const paused = await call('PUT', `/api/admin/promotions/${tenOff.id}/paused`, admin, { paused: true });
    expect(paused.json<Promotion>().paused).toBe(true);
    expect((await call('PUT', `/api/admin/promotions/${tenOff.id}/paused`, admin, { paused: false })).json<Promotion>().paused).toBe(false);

    expect((await call('DELETE', `/api/admin/promotions/${fiveOff.id}`, admin)).json()).toEqual({ deletedCount: 1 });
    expect((await call('DELETE', `/api/admin/promotions/${fiveOff.id}`, admin)).statusCode).toBe(404);
    expect((await rows()).map((row) => row.code)).toEqual(['SPROUT15']);
  });

  it('refuses a bad or duplicate code and changes nothing', async () => {
    const before = await rows();
    const bad: Record<string, unknown>[] = [
      {},
      { code: '', kind: 'percent', value: 10 },
      { code: 'has space', kind: 'percent', value: 10 },
      { code: 'x'.repeat(31), kind: 'percent', value: 10 },
      { code: 'OK1', kind: 'percent', value: 101 },
      { code: 'OK1', kind: 'percent', value: 12.5 },
      { code: 'OK1', kind: 'percent', value: 0 },
      { code: 'OK1', kind: 'fixed', value: 4.555 },
      { code: 'OK1', kind: 'fixed', value: -3 },
      { code: 'OK1', kind: 'half', value: 3 },
      { code: 'OK1', kind: 'fixed', value: 3, minimumOrder: -1 },
      { code: 'OK1', kind: 'fixed', value: 3, maxUses: 0 },
      { code: 'OK1', kind: 'fixed', value: 3, maxUses: 2.5 },
      { code: 'OK1', kind: 'fixed', value: 3, validFrom: 'tomorrow' },
      { code: 'OK1', kind: 'fixed', value: 3, validFrom: '2026-06-02T00:00:00Z', validTo: '2026-06-01T00:00:00Z' },
      { code: 'OK1', kind: 'fixed', value: 3, uses: 0 },
    ];
    for (const body of bad) {
      const res = await call('POST', '/api/admin/promotions', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    // Codes are one code whatever their case.
    const taken = await call('POST', '/api/admin/promotions', admin, { code: 'sprout15', kind: 'fixed', value: 2 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(PROMO_TEXTS.codeTaken);
    const other = await addPromotion({ code: 'OTHER', kind: 'fixed', value: 2 });
    expect((await call('PUT', `/api/admin/promotions/${other.id}`, admin, { code: 'Sprout15', kind: 'fixed', value: 2 })).statusCode).toBe(409);
    expect((await call('PUT', '/api/admin/promotions/no-such', admin, { code: 'NEW', kind: 'fixed', value: 2 })).statusCode).toBe(404);
    expect((await call('PUT', '/api/admin/promotions/no-such/paused', admin, { paused: true })).statusCode).toBe(404);
    expect((await rows()).filter((row) => row.id !== other.id)).toEqual(before);
    // A customer neither lists nor adds.
    expect((await call('GET', '/api/admin/promotions', customer)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/promotions', customer, { code: 'MINE', kind: 'percent', value: 100 })).statusCode).toBe(403);
    expect((await rows()).map((row) => row.code).sort()).toEqual(['OTHER', 'SPROUT15']);
  });
});

describe('a promotion’s rule', () => {
  const rule: PromotionRule = {
    kind: 'percent',
    amount: 10,
    minimumOrderCents: 2000,
    validFrom: '2026-06-01T00:00:00.000Z',
    validTo: '2026-07-01T00:00:00.000Z',
    maxUses: 5,
    uses: 0,
    oncePerCustomer: true,
    firstOrderOnly: false,
    paused: false,
  };
  const fresh = { usedThisCode: false, hasOrderedBefore: false };
  const june = new Date('2026-06-15T12:00:00Z');

  it('takes a percentage or an amount off the food, never more than the food', () => {
    expect(promotionDiscountCents(rule, 2345)).toBe(235); // 234.5 rounds half away from zero
    expect(promotionDiscountCents({ kind: 'percent', amount: 100 }, 2345)).toBe(2345);
    expect(promotionDiscountCents({ kind: 'fixed', amount: 500 }, 2345)).toBe(500);
    expect(promotionDiscountCents({ kind: 'fixed', amount: 5000 }, 2345)).toBe(2345);
    expect(promotionDiscountCents({ kind: 'fixed', amount: 500 }, 0)).toBe(0);
  });

  it('names why a code does not apply', () => {
    expect(promotionRefusal(rule, 2000, fresh, june)).toBeNull();
    expect(promotionRefusal({ ...rule, paused: true }, 2000, fresh, june)).toBe('paused');
    expect(promotionRefusal(rule, 2000, fresh, new Date('2026-05-31T23:59:59Z'))).toBe('notYet');
    expect(promotionRefusal(rule, 2000, fresh, new Date('2026-07-01T00:00:00Z'))).toBe('expired');
    expect(promotionRefusal({ ...rule, uses: 5 }, 2000, fresh, june)).toBe('usedUp');
    expect(promotionRefusal(rule, 2000, { ...fresh, usedThisCode: true }, june)).toBe('alreadyUsed');
    expect(promotionRefusal({ ...rule, oncePerCustomer: false }, 2000, { ...fresh, usedThisCode: true }, june)).toBeNull();
    expect(promotionRefusal({ ...rule, firstOrderOnly: true }, 2000, { ...fresh, hasOrderedBefore: true }, june)).toBe('firstOrderOnly');
    expect(promotionRefusal(rule, 1999, fresh, june)).toBe('minimumNotMet');
  });

  it('words a promotion as the administrator’s list shows it', () => {
    const en = { t: translatorFor('en'), money: (amount: number) => formatMoney(amount, 'en') };
    expect(promotionValueWords({ kind: 'percent', value: 10 }, en)).toBe('10 % off');
    expect(promotionValueWords({ kind: 'fixed', value: 2.5 }, en)).toBe('$ 2.50 off');
    expect(promotionUsesWords({ uses: 3, maxUses: 10 }, en)).toBe('3 of 10');
    expect(promotionUsesWords({ uses: 3, maxUses: null }, en)).toBe('3');
    expect(promotionRuleWords({ minimumOrder: 20, oncePerCustomer: true, firstOrderOnly: true }, en)).toBe('from $ 20.00 · once per customer · first order only');
    expect(promotionRuleWords({ minimumOrder: 0, oncePerCustomer: false, firstOrderOnly: false }, en)).toBe('no other rule');
  });

  it('words it in German for a German reader, with German money', () => {
    const de = { t: translatorFor('de'), money: (amount: number) => formatMoney(amount, 'de') };
    expect(promotionValueWords({ kind: 'percent', value: 10 }, de)).toBe('10 % Rabatt');
    expect(promotionValueWords({ kind: 'fixed', value: 2.5 }, de)).toMatch(/^2,50\s\$ Rabatt$/);
    expect(promotionUsesWords({ uses: 3, maxUses: 10 }, de)).toBe('3 von 10');
    expect(promotionRuleWords({ minimumOrder: 20, oncePerCustomer: true, firstOrderOnly: true }, de)).toMatch(/^ab 20,00\s\$ · einmal je Gast · nur erste Bestellung$/);
    expect(promotionRuleWords({ minimumOrder: 0, oncePerCustomer: false, firstOrderOnly: false }, de)).toBe('keine weitere Regel');
  });
});
