import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCaptcha, signUpUser, uniqueEmail } from '../helpers/auth.ts';
import { createItem, createScene, openIntent, addToCart, send, validItem, type Scene } from './scene.ts';

/**
 * Injection: SQL meta-characters in every string field and path parameter. Every query goes
 * through Kysely with bound parameters; these tests fail if one is ever built by pasting text.
 */
let s: Scene;
beforeAll(async () => {
  s = await createScene();
});
afterAll(async () => s.t.close());

export const SQL_PAYLOADS = [
  "' OR '1'='1",
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "admin'--",
  "1; SELECT pg_sleep(3); --",
  "1' AND (SELECT 1 FROM (SELECT SLEEP(3))x) --",
  "') UNION SELECT password, id FROM accounts --",
  "%' OR name LIKE '%",
  '_%\\',
  "\\'; DELETE FROM payments; --",
  '$1 $2 ?',
  'é😀\u202e',
  '\u0000',
  "x'||(SELECT value FROM app_secrets)||'",
];

const TABLES = ['users', 'accounts', 'menu_items', 'cart_items', 'payments', 'payment_intents', 'app_secrets', 'reviews'] as const;

async function tableCounts(): Promise<Record<(typeof TABLES)[number], number>> {
  const counts = {} as Record<(typeof TABLES)[number], number>;
  for (const table of TABLES) {
    const row = await s.app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

describe('injection: SQL meta-characters', () => {
  it('in every string field and path parameter: never a 5xx, never a changed table, never slow', async () => {
    const before = await tableCounts();
    const roles = await s.app.db.selectFrom('users').select(['id', 'role']).orderBy('id').execute();
    await addToCart(s, s.owner);
    const intent = await openIntent(s, s.owner);
    let cases = 0;
    const started = Date.now();
    for (const p of SQL_PAYLOADS) {
      const e = encodeURIComponent(p);
      const captcha = await newCaptcha(s.app);
      const calls: InjectOptions[] = [
        { method: 'POST', url: '/api/auth/sign-in/email', payload: { email: p, password: p, captchaId: p, captchaAnswer: p } },
        { method: 'POST', url: '/api/auth/sign-in/email', payload: { email: s.owner.email, password: p, captchaId: captcha.id, captchaAnswer: p } },
        { method: 'POST', url: '/api/auth/sign-up/email', payload: { name: p, email: p, password: p } },
        { method: 'POST', url: '/api/captcha/check', payload: { id: p, answer: p } },
        { method: 'POST', url: '/api/jwt', headers: s.owner.headers, payload: { email: p } },
        { method: 'POST', url: '/api/users', headers: s.owner.headers, payload: { name: p, email: p } },
        { method: 'GET', url: `/api/users/admin/${e}`, headers: s.owner.headers },
        { method: 'PATCH', url: `/api/users/admin/${e}`, headers: s.admin.headers },
        { method: 'DELETE', url: `/api/users/admin/${e}`, headers: s.admin.headers },
        { method: 'GET', url: `/api/cart?email=${e}`, headers: s.owner.headers },
        { method: 'POST', url: '/api/cart', headers: s.owner.headers, payload: { itemId: p } },
        { method: 'DELETE', url: `/api/cart/${e}`, headers: s.owner.headers },
        { method: 'GET', url: `/api/items/${e}` },
        { method: 'PATCH', url: `/api/items/${e}`, headers: s.admin.headers, payload: validItem(s) },
        { method: 'DELETE', url: `/api/items/${e}`, headers: s.admin.headers },
        { method: 'POST', url: '/api/items', headers: s.admin.headers, payload: { ...validItem(s), image: p } },
        { method: 'POST', url: '/api/items', headers: s.admin.headers, payload: { ...validItem(s), category: p } },
        { method: 'GET', url: `/api/images/${e}` },
        { method: 'POST', url: `/api/sandbox/payment-intents/${e}/confirm`, headers: s.owner.headers, payload: { clientSecret: p, card: { number: p, expiry: p, cvc: p }, billingDetails: { email: p, name: p } } },
        { method: 'POST', url: `/api/sandbox/payment-intents/${intent.intentId}/confirm`, headers: s.owner.headers, payload: { clientSecret: p, card: { number: p, expiry: p, cvc: p }, billingDetails: { email: p, name: p } } },
        { method: 'POST', url: '/api/payment', headers: s.owner.headers, payload: { transactionId: p } },
        { method: 'POST', url: '/api/create-payment-intent', headers: s.owner.headers, payload: { price: p } },
        { method: 'POST', url: '/api/auth/update-user', headers: { cookie: s.other.cookie }, payload: { name: `${p}`.slice(0, 100) || 'x' } },
        { method: 'GET', url: `/api/auth/${e}` },
        { method: 'GET', url: `/api/nope/${e}?q=${e}` },
      ];
      for (const call of calls) {
        const res = await send(s.app, call);
        cases++;
        expect(res.statusCode, `${call.method} ${call.url} with ${JSON.stringify(p)}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        expect(res.body).not.toMatch(/SQLITE_|SqliteError|syntax error at or near|relation "|\bat [\w.]+ \(|node_modules/);
      }
    }
    // Sign-ups with meta-characters as e-mail are refused by validation: nothing was added, nothing
    // dropped. Every payment page for the same cart answers the one open intent (decision 0021).
    expect(await tableCounts()).toMatchObject({ ...before, cart_items: before.cart_items + 1, payment_intents: before.payment_intents + 1, menu_items: before.menu_items });
    expect(await s.app.db.selectFrom('users').select(['id', 'role']).orderBy('id').execute()).toEqual(roles);
    // No sleep ran: 15 payloads × 25 calls in well under 3 s each.
    expect(Date.now() - started).toBeLessThan(cases * 1000);
    expect(cases).toBe(SQL_PAYLOADS.length * 25);
  });

  it('stores meta-characters as plain text and answers them back unchanged', async () => {
    for (const p of SQL_PAYLOADS.filter((x) => x.trim() !== '' && x !== '\u0000')) {
      const name = `Bowl ${p}`.slice(0, 100);
      const recipe = `Recipe ${p}`;
      const id = await createItem(s, { ...validItem(s, name), recipe });
      const res = await send(s.app, { method: 'GET', url: `/api/items/${id}` });
      expect(res.json()).toMatchObject({ name: name.trim(), recipe: recipe.trim() });
      const user = await signUpUser(s.app, { name: `Eve ${p}`.slice(0, 100), email: uniqueEmail('eve') });
      const session = await send(s.app, { method: 'GET', url: '/api/auth/get-session', headers: { cookie: user.cookie } });
      expect(session.json<{ user: { name: string } }>().user.name).toBe(`Eve ${p}`.slice(0, 100).trim());
    }
  });

  it('a NUL byte in any text is refused with 400 (PostgreSQL text cannot hold it: it was a 500)', async () => {
    const p = 'Nul\u0000byte';
    const calls: InjectOptions[] = [
      { method: 'POST', url: '/api/items', headers: s.admin.headers, payload: { ...validItem(s, p), recipe: p } },
      { method: 'POST', url: '/api/auth/sign-up/email', payload: { name: p, email: uniqueEmail('nul'), password: `pw-${p}-long` } },
      { method: 'POST', url: '/api/auth/update-user', headers: { cookie: s.other.cookie }, payload: { name: p } },
      { method: 'GET', url: `/api/items/${encodeURIComponent(p)}` },
      { method: 'POST', url: '/api/cart', headers: s.owner.headers, payload: { itemId: p } },
      { method: 'POST', url: '/api/payment', headers: s.owner.headers, payload: { transactionId: p } },
      { method: 'POST', url: '/api/captcha/check', payload: { id: p, answer: p } },
    ];
    for (const call of calls) {
      const res = await send(s.app, call);
      expect(res.statusCode, `${call.method} ${call.url}: ${res.body.slice(0, 200)}`).toBe(400);
    }
  });
});
