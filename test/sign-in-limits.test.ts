import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_MAILED_MESSAGE, signInBackoffMessage } from '../src/shared/auth.ts';
import { captchaAnswer, newCaptcha, signUpUser, testAddress, uniqueEmail, type TestUser } from './helpers/auth.ts';
import { mailEnv, startMailServer, type MailServer } from './helpers/mail-server.ts';
import { createTestApp, openSecondApp, type TestApp } from './helpers/test-app.ts';

/**
 * Sign-in's limit per account (docs/decisions/0043-sign-in-limits.md), through the real routes,
 * Better Auth and database, with two apps on one database as two processes of the shop: the
 * guesses of many addresses meet one back-off, and the owner still gets in.
 */
let mail: MailServer;
let t: TestApp;
let second: { app: FastifyInstance; close(): Promise<void> };
const HIGH = { RATE_LIMIT_SIGN_UP: '10000', RATE_LIMIT_CAPTCHA: '10000', RATE_LIMIT_TOKEN: '10000', RATE_LIMIT_MAIL: '10000' };

beforeAll(async () => {
  mail = await startMailServer();
  // The per-address limit as shipped (20 a minute): 4 addresses can send 80 guesses a minute.
  t = await createTestApp({ env: mailEnv(mail, HIGH) });
  second = await openSecondApp(t, mailEnv(mail, HIGH));
});
afterAll(async () => {
  await second.close();
  await t.close();
  await mail.close();
});

async function signInFrom(app: FastifyInstance, email: string, password: string, remoteAddress: string, captcha?: { id: string; answer: string }) {
  const { id, answer } = captcha ?? (await solvedCaptcha(app));
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password, captchaId: id, captchaAnswer: answer },
    remoteAddress,
  });
}

/** A script that reads every picture perfectly: the worst case the account's limit must hold against. */
async function solvedCaptcha(app: FastifyInstance): Promise<{ id: string; answer: string }> {
  const { id } = await newCaptcha(app);
  return { id, answer: await captchaAnswer(app.db, id) };
}

/** The characters as the owner gets them: from the mail the shop sent. */
async function mailedCaptcha(app: FastifyInstance, user: TestUser, remoteAddress: string): Promise<{ id: string; answer: string }> {
  const { id } = await newCaptcha(app);
  const before = captchaMails(user.email).length;
  const res = await app.inject({ method: 'POST', url: '/api/captcha/by-mail', payload: { id, email: user.email }, remoteAddress });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ message: CAPTCHA_MAILED_MESSAGE });
  await expect.poll(() => captchaMails(user.email).length, { timeout: 10_000 }).toBe(before + 1);
  const answer = /picture:\s+([A-Z0-9]{6})\s/.exec(captchaMails(user.email).at(-1)!.text ?? '')![1]!;
  return { id, answer };
}

const captchaMails = (address: string) => mail.to(address).filter((received) => received.subject === 'The characters to sign in to Raw Roots');

describe('sign-in per account', () => {
  it('80 guesses at one account from 4 addresses and two processes meet the back-off after 5; the owner still signs in', async () => {
    const owner = await signUpUser(t.app);
    const home = testAddress();
    expect((await signInFrom(t.app, owner.email, owner.password, home)).statusCode).toBe(200);

    const attackers = [testAddress(), testAddress(), testAddress(), testAddress()];
    // 20 guesses each: the per-address limit as shipped lets every one through.
    const answers: { status: number; code?: string; retryAfter?: string }[] = [];
    for (let i = 0; i < 80; i++) {
      const app = i % 2 === 0 ? t.app : second.app;
      const res = await signInFrom(app, owner.email, `guess-${i}-wrong`, attackers[i % 4]!);
      answers.push({ status: res.statusCode, code: res.json<{ code?: string }>().code, retryAfter: res.headers['retry-after'] as string | undefined });
    }
    // Five guesses reach the password, whichever process and address; the rest wait, per account.
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.slice(5).every((a) => a.status === 429 && a.code === 'SIGN_IN_BACKOFF')).toBe(true);
    const wait = Number(answers.at(-1)!.retryAfter);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15);

    // The right password from yet another address waits too: it is no proof of being the owner.
    const stranger = await signInFrom(t.app, owner.email, owner.password, testAddress());
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toBe(signInBackoffMessage(Number(stranger.headers['retry-after'])));

    // The owner, from an address they signed in from before, is not held…
    expect((await signInFrom(second.app, owner.email, owner.password, home)).statusCode).toBe(200);
    // …which starts the count again: a new address's wrong guess is checked (401), not held.
    expect((await signInFrom(t.app, owner.email, 'one-more-wrong-guess', testAddress())).statusCode).toBe(401);
  });

  it('the owner at a new address passes the back-off with the captcha mailed to the account; a stranger cannot use it for another', async () => {
    const owner = await signUpUser(t.app);
    for (let i = 0; i < 6; i++) await signInFrom(t.app, owner.email, `wrong-${i}-guess`, testAddress());
    expect((await signInFrom(t.app, owner.email, owner.password, testAddress())).statusCode).toBe(429);

    const address = testAddress();
    const mailed = await mailedCaptcha(second.app, owner, address);
    const res = await signInFrom(t.app, owner.email, owner.password, address, mailed);
    expect(res.statusCode, res.body).toBe(200);

    // A captcha mailed to the attacker's own account signs in only that account.
    const attacker = await signUpUser(t.app);
    const theirs = await mailedCaptcha(t.app, attacker, address);
    const misuse = await signInFrom(t.app, owner.email, 'attackers-guess', address, theirs);
    expect(misuse.statusCode).toBe(400);
    expect(misuse.json().code).toBe('CAPTCHA_INVALID');
  });

  it('the wait grows with the failures up to its cap, and then the owner signs in from anywhere', async () => {
    // A process configured with a one-second cap, on the same database.
    const quick = await openSecondApp(t, mailEnv(mail, { ...HIGH, SIGN_IN_BACKOFF_MAX_SECONDS: '1' }));
    try {
      const owner = await signUpUser(quick.app);
      for (let i = 0; i < 5; i++) expect((await signInFrom(quick.app, owner.email, `bad-${i}-guess`, testAddress())).statusCode).toBe(401);
      const held = await signInFrom(quick.app, owner.email, owner.password, testAddress());
      expect(held.statusCode).toBe(429);
      expect(Number(held.headers['retry-after'])).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await signInFrom(quick.app, owner.email, owner.password, testAddress())).statusCode).toBe(200);
    } finally {
      await quick.close();
    }
    // The shipped cap is a few minutes: an attacker holds the account for no longer than that.
    expect(t.app.signInLimits.waitAfter(5)).toBe(15_000);
    expect(t.app.signInLimits.waitAfter(7)).toBe(60_000);
    expect(t.app.signInLimits.waitAfter(100)).toBe(300_000);
  });

  it('an address that never had an account counts alike, so the limit tells nobody which addresses have one', async () => {
    const email = uniqueEmail('nobody');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signInFrom(t.app, email, `guess-${i}-x`, testAddress())).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('sign-in per client address', () => {
  it('counts an IPv6 /64 as one address', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 21; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: `2001:db8:43:7:${i.toString(16)}::${i}`,
        payload: { email: 'v6@example.test', password: 'x', captchaId: 'x', captchaAnswer: 'x' },
      });
      statuses.push(res.statusCode);
      if (i === 21) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another /64 is another address.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '2001:db8:43:8::1',
      payload: { email: 'v6@example.test', password: 'x', captchaId: 'x', captchaAnswer: 'x' },
    });
    expect(other.statusCode).toBe(400);
  });
});

describe("the captcha's accessible alternative", () => {
  it('mails the characters, as text and spelled out, to the account only; the answer holds neither', async () => {
    const owner = await signUpUser(t.app, { name: 'Mia Mailed' });
    const { id } = await newCaptcha(t.app);
    const characters = await captchaAnswer(t.app.db, id);
    const res = await t.app.inject({ method: 'POST', url: '/api/captcha/by-mail', payload: { id, email: owner.email }, remoteAddress: testAddress() });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(characters);
    expect(res.body.toLowerCase()).not.toContain('capital');
    await expect.poll(() => captchaMails(owner.email).length, { timeout: 10_000 }).toBe(1);
    const received = captchaMails(owner.email)[0]!;
    expect(received.text).toContain(characters);
    expect(received.text).toMatch(/Spelled out: (capital [A-Z] as in [a-z-]+|digit \d \([a-z]+\))(, (capital [A-Z] as in [a-z-]+|digit \d \([a-z]+\))){5}/);

    // An address without an account gets the same answer and no mail.
    const nobody = uniqueEmail('nobody');
    const { id: other } = await newCaptcha(t.app);
    const same = await t.app.inject({ method: 'POST', url: '/api/captcha/by-mail', payload: { id: other, email: nobody }, remoteAddress: testAddress() });
    expect(same.json()).toEqual(res.json());
    await t.app.mail.idle();
    expect(mail.to(nobody)).toHaveLength(0);

    // The old text alternative, which handed a script the characters, is gone.
    const spelled = await t.app.inject({ method: 'POST', url: '/api/captcha/spelled', payload: { id }, remoteAddress: testAddress() });
    expect(spelled.statusCode).toBe(404);
    expect(spelled.body).not.toContain(characters);
  });

  it('refuses a captcha already mailed to another address, an unknown one and a bad body', async () => {
    const { id } = await newCaptcha(t.app);
    const ask = (payload: object) => t.app.inject({ method: 'POST', url: '/api/captcha/by-mail', payload, remoteAddress: testAddress() });
    expect((await ask({ id, email: uniqueEmail() })).statusCode).toBe(200);
    expect((await ask({ id, email: uniqueEmail() })).statusCode).toBe(404);
    expect((await ask({ id: 'no-such-captcha', email: uniqueEmail() })).statusCode).toBe(404);
    for (const payload of [{}, { id }, { id, email: 'not-an-address' }, { id, email: uniqueEmail(), extra: 1 }]) {
      expect((await ask(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});
