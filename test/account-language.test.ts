import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translatorFor } from '../src/server/i18n/translator.ts';
import { renderMail } from '../src/server/mail/render-mail.ts';
import { spellOut } from '../src/server/mail/templates/account-mails.ts';
import { signUpUser, testAddress } from './helpers/auth.ts';
import { mailEnv, startMailServer, type MailServer } from './helpers/mail-server.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * A customer's language (docs/i18n.md): taken from the sign-up's request, changed by the header's
 * switch (`PATCH /api/account/preferences`), and the language their mails are written in,
 * through a real SMTP server.
 */
let mail: MailServer;
let t: TestApp;

beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ seed: true, env: mailEnv(mail, { RATE_LIMIT_SIGN_UP: '10000', RATE_LIMIT_MAIL: '10000', RESET_MAIL_GAP_SECONDS: '1', PUBLIC_URL: 'http://shop.example.test' }) });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const languageOf = async (id: string) => (await t.app.db.selectFrom('users').select('language').where('id', '=', id).executeTakeFirstOrThrow()).language;

async function requestReset(email: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email }, remoteAddress: testAddress() });
  expect(res.statusCode, res.body).toBe(200);
}

describe("a customer's language", () => {
  it('is the language the visitor signed up in, and the verification mail is written in it', async () => {
    const user = await signUpUser(t.app, { name: 'Greta', headers: { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' } });
    expect(await languageOf(user.id)).toBe('de');
    const received = await mail.waitFor(user.email);
    expect(received.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
    expect(received.html).toContain('lang="de"');
    expect(received.text).toContain('Hallo Greta,');
    expect(received.text).toContain('Der Link funktioniert 24 Stunden lang.');
    expect(received.text).toContain('Rohkost, frisch zubereitet');
    expect(received.text).not.toMatch(/Confirm|Welcome|raw food/);
  });

  it('is the header cookie’s choice over the browser’s, and English when neither is one of the shop’s', async () => {
    const chosen = await signUpUser(t.app, { headers: { cookie: 'lang=de', 'accept-language': 'en-GB' } });
    expect(await languageOf(chosen.id)).toBe('de');
    const other = await signUpUser(t.app, { headers: { 'accept-language': 'fr-FR,fr' } });
    expect(await languageOf(other.id)).toBe('en');
    const received = await mail.waitFor(other.email);
    expect(received.subject).toBe('Confirm your e-mail address');
    expect(received.html).toContain('lang="en"');
  });

  it('is changed by the switch, answered in the profile, and the next mail follows it', async () => {
    const user = await signUpUser(t.app, { name: 'Ken' });
    await mail.waitFor(user.email);
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: '/api/account/preferences', headers: user.headers, payload });
    const changed = await patch({ language: 'de' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ language: 'de', orderStatusMails: true });
    await requestReset(user.email);
    const received = await mail.waitFor(user.email, 2);
    expect(received.subject).toBe('Ihr Passwort bei Raw Roots zurücksetzen');
    expect(received.text).toContain('Der Link funktioniert einmal, 60 Minuten lang.');
    // The other preference is left as it was when only the language is sent, and the other way round.
    expect((await patch({ orderStatusMails: false })).json()).toMatchObject({ language: 'de', orderStatusMails: false });
  });

  it('refuses a language the shop does not speak, and changes nothing', async () => {
    const user = await signUpUser(t.app);
    const before = await languageOf(user.id);
    for (const language of ['fr', 'german', '', 7]) {
      const res = await t.app.inject({ method: 'PATCH', url: '/api/account/preferences', headers: user.headers, payload: { language } });
      expect(res.statusCode, String(language)).toBe(400);
      expect(res.json().fieldErrors).toHaveProperty('language');
    }
    expect(await languageOf(user.id)).toBe(before);
  });

  it('is only the caller’s own: no body field names another account', async () => {
    const user = await signUpUser(t.app);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/account/preferences', headers: user.headers, payload: { language: 'de', userId: 'someone-else' } });
    expect(res.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/account/preferences', payload: { language: 'de' } })).statusCode).toBe(401);
  });
});

describe('the captcha mail in German', () => {
  it('spells the characters out in the language, the spelling alphabet’s words as they are', async () => {
    expect(spellOut('K4', translatorFor('de'))).toBe('großes K wie kilo, Ziffer 4 (vier)');
    expect(spellOut('K4', translatorFor('en'))).toBe('capital K as in kilo, digit 4 (four)');
    const rendered = await renderMail({ template: 'captcha-code', data: { name: 'Greta', characters: 'AC3' } }, 'de');
    expect(rendered.subject).toBe('Die Zeichen für Ihre Anmeldung bei Raw Roots');
    expect(rendered.text).toContain('Buchstabiert: großes A wie alpha, großes C wie charlie, Ziffer 3 (drei).');
  });
});

