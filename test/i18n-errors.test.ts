import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../src/shared/i18n/catalogues/de.json' with { type: 'json' };
import en from '../src/shared/i18n/catalogues/en.json' with { type: 'json' };
import { signUpUser, testAddress, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The server's error messages in the request's language (decision 0050): `?lang`, the `lang`
 * cookie, Accept-Language; codes and statuses the same in every language, English as before.
 */
let t: TestApp;
let customer: TestUser;
const GERMAN = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' };

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { RATE_LIMIT_SIGN_UP: '10000' } });
  customer = await signUpUser(t.app);
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
async function answer(method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: string) {
  const res = await t.app.inject({ method, url, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) }, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, ...res.json<{ code: string; message: string; fieldErrors?: Record<string, string[]> }>() };
}

/** The same call in English and in German: same status and code, each in its words. */
async function bothLanguages(method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers = {}, payload?: string) {
  const english = await answer(method, url, headers, payload);
  const german = await answer(method, url, { ...headers, ...GERMAN }, payload);
  expect({ status: german.status, code: german.code }).toEqual({ status: english.status, code: english.code });
  return { english, german };
}

describe('error messages in the request language', () => {
  it('a missing order (404, from the database) is "No such order" in English and German for a German reader', async () => {
    const { english, german } = await bothLanguages('GET', '/api/orders/no-such-order', customer.headers);
    expect(english).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'No such order' });
    expect(german.message).toBe('Diese Bestellung gibt es nicht');
  });

  it("a request without sign-in (401) and an administrator's route (403)", async () => {
    const signIn = await bothLanguages('GET', '/api/account');
    expect(signIn.english).toMatchObject({ status: 401, message: 'Sign in to continue' });
    expect(signIn.german.message).toBe('Melden Sie sich an, um fortzufahren');
    const admin = await bothLanguages('GET', '/api/admin/items', customer.headers);
    expect(admin.english).toMatchObject({ status: 403, message: 'Only an administrator may do this' });
    expect(admin.german.message).toBe('Das darf nur ein Administrator');
  });

  it('a body that is not JSON (400) and a repeated key, with its field', async () => {
    const bad = await bothLanguages('POST', '/api/cart', customer.headers, '{"itemId":');
    expect(bad.english).toMatchObject({ status: 400, code: 'BAD_REQUEST', message: 'The body is not valid JSON' });
    expect(bad.german.message).toBe('Der Inhalt ist kein gültiges JSON');
    const twice = await bothLanguages('POST', '/api/cart', customer.headers, '{"itemId":"a","itemId":"b"}');
    expect(twice.english).toMatchObject({ message: 'The key "itemId" appears more than once', fieldErrors: { itemId: ['Given twice'] } });
    expect(twice.german).toMatchObject({ message: 'Der Schlüssel „itemId“ kommt mehr als einmal vor', fieldErrors: { itemId: ['Zweimal angegeben'] } });
  });

  it("a dish that is not on the menu (404, the database's answer) in the cart", async () => {
    const { english, german } = await bothLanguages('POST', '/api/cart', customer.headers, JSON.stringify({ itemId: 'no-such-dish' }));
    expect(english).toMatchObject({ status: 404, message: 'No such menu item' });
    expect(german.message).toBe('Dieses Gericht gibt es nicht');
  });

  it('a search too long and an unknown tag on the menu (400), with their arguments', async () => {
    const long = await bothLanguages('GET', `/api/items?q=${'x'.repeat(101)}`);
    expect(long.english).toMatchObject({ status: 400, message: 'A search is at most 100 characters', fieldErrors: { q: ['At most 100 characters'] } });
    expect(long.german).toMatchObject({ message: 'Eine Suche hat höchstens 100 Zeichen', fieldErrors: { q: ['Höchstens 100 Zeichen'] } });
    const tag = await bothLanguages('GET', '/api/items?q=salad&tags=crunchy-moon');
    expect(tag.english.message).toBe('Unknown tag: crunchy-moon');
    expect(tag.german.message).toBe('Unbekanntes Merkmal: crunchy-moon');
  });

  it("a shared schema's refusal (400 VALIDATION_FAILED): the message and the field's words", async () => {
    const { english, german } = await bothLanguages('GET', '/api/cart?email=not-an-address', customer.headers);
    expect(english).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'Invalid querystring: email', fieldErrors: { email: ['Enter a valid e-mail address'] } });
    expect(german).toMatchObject({ message: 'Ungültige Angaben (querystring): email', fieldErrors: { email: ['Geben Sie eine gültige E-Mail-Adresse ein'] } });
  });

  it('?lang=de and the lang cookie choose German too; ?lang=en wins over a German browser', async () => {
    const url = '/api/orders/no-such-order';
    expect((await answer('GET', `${url}?lang=de`, customer.headers)).message).toBe('Diese Bestellung gibt es nicht');
    expect((await answer('GET', url, { ...customer.headers, cookie: 'lang=de' })).message).toBe('Diese Bestellung gibt es nicht');
    expect((await answer('GET', `${url}?lang=en`, { ...customer.headers, ...GERMAN })).message).toBe('No such order');
  });

  it('a rate limit (429) says its seconds in German and keeps its code and Retry-After', async () => {
    const address = testAddress();
    let res;
    for (let i = 0; i < 40; i += 1) {
      res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: address, headers: GERMAN, payload: { email: 'x@example.test', password: 'wrong' } });
      if (res.statusCode === 429) break;
    }
    expect(res!.statusCode).toBe(429);
    expect(res!.headers['retry-after']).toMatch(/^\d+$/);
    expect(res!.json<{ message: string }>().message).toMatch(/^Zu viele Versuche\. Bitte warten Sie \d+ Sekunden/);
  });
});

describe('the catalogues', () => {
  it('give every error id a German text of its own', () => {
    const errorIds = Object.keys(en).filter((id) => id.startsWith('error.'));
    expect(errorIds.length).toBeGreaterThan(50);
    const german = de as Record<string, string>;
    const english = en as Record<string, string>;
    expect(errorIds.filter((id) => !german[id] || german[id] === english[id])).toEqual([]);
  });
});
