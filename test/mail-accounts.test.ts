import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_NOT_VERIFIED, RESET_REQUESTED_MESSAGE } from '../src/shared/account.ts';
import { signIn, signUpUser, testAddress, uniqueEmail, type TestUser } from './helpers/auth.ts';
import { linkIn, mailEnv, startMailServer, type MailServer } from './helpers/mail-server.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { fillCart, menuItemIds } from './payment-helpers.ts';

/**
 * The accounts' mails through a real SMTP server started here: password reset (Better Auth's
 * endpoints), the verification of an address at sign-up, and the change of an address. Each
 * link is read from the mail as received, and used as the web app's pages use it.
 */
let mail: MailServer;
let t: TestApp;
const HIGH = { RATE_LIMIT_SIGN_IN: '10000', RATE_LIMIT_SIGN_UP: '10000', RATE_LIMIT_CAPTCHA: '10000', RATE_LIMIT_TOKEN: '10000', RATE_LIMIT_MAIL: '10000', RATE_LIMIT_PASSWORD: '10000' };

beforeAll(async () => {
  mail = await startMailServer();
  // One reset link a second per address at most, so a test may ask for a second link (the gap as shipped: test/password-rules.test.ts).
  t = await createTestApp({ seed: true, env: mailEnv(mail, { ...HIGH, RATE_LIMIT_MAIL_PER_RECIPIENT: '6', RESET_MAIL_GAP_SECONDS: '1', PUBLIC_URL: 'http://shop.example.test' }) });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: testAddress() });

async function requestReset(email: string, remoteAddress = testAddress()) {
  // Past the gap since the last link to this address (RESET_MAIL_GAP_SECONDS above).
  await new Promise((resolve) => setTimeout(resolve, 1010));
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email }, remoteAddress });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ status: true, message: RESET_REQUESTED_MESSAGE });
  return res;
}

async function resetLinkFor(user: TestUser, count = 1): Promise<string> {
  const received = await mail.waitFor(user.email, count);
  expect(received.subject).toBe('Reset your Raw Roots password');
  return linkIn(received, '/reset-password').searchParams.get('token')!;
}

async function passwordHash(userId: string) {
  const row = await t.app.db.selectFrom('accounts').select('password').where('user_id', '=', userId).where('provider_id', '=', 'credential').executeTakeFirst();
  return row?.password;
}

describe('password reset', () => {
  it('mails a link to an existing account, and answers the same for an unknown address', async () => {
    const user = await signUpUser(t.app, { name: 'Rita Reset' });
    await mail.waitFor(user.email); // the verification mail of the sign-up
    await requestReset(user.email);
    const unknown = uniqueEmail('nobody');
    await requestReset(unknown);
    const received = await mail.waitFor(user.email, 2);
    expect(received.html).toContain('Choose a new password');
    expect(received.text).toContain('http://shop.example.test/reset-password?token=');
    // Nothing is sent to an address without an account.
    await t.app.mail.idle();
    expect(mail.to(unknown)).toHaveLength(0);
  });

  it('takes about the same time whether or not the account exists (the mail is only queued)', async () => {
    const user = await signUpUser(t.app);
    const timed = async (email: string) => {
      const started = performance.now();
      await requestReset(email);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await timed(user.email));
      unknown.push(await timed(uniqueEmail('nobody')));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[2]!;
    expect(median(known)).toBeGreaterThanOrEqual(245);
    expect(median(unknown)).toBeGreaterThanOrEqual(245);
    // Both wait for the same floor; what differs is a few milliseconds of queries (more on a busy machine).
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(100);
  });

  it('sets the new password with the link, ends every session, and signs in with it', async () => {
    const user = await signUpUser(t.app, { name: 'Paula Reset' });
    const other = await signIn(t.app, user.email, user.password);
    await requestReset(user.email);
    const token = await resetLinkFor(user, 2);

    // Checked like sign-up: a weak password is refused and the link still works.
    const weak = await post('/api/auth/reset-password', { token, newPassword: 'password1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fieldErrors.newPassword).toBeDefined();
    const before = await passwordHash(user.id);

    const newPassword = 'lantern orchard copper 42';
    const res = await post('/api/auth/reset-password', { token, newPassword });
    expect(res.statusCode, res.body).toBe(200);
    expect(await passwordHash(user.id)).not.toBe(before);
    expect(res.body).not.toContain(token);

    for (const headers of [user.headers, { authorization: `Bearer ${other.token}` }, { cookie: other.cookie }]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/payments', headers })).statusCode).toBe(401);
    }
    await expect(signIn(t.app, user.email, user.password)).rejects.toThrow(/401/);
    await signIn(t.app, user.email, newPassword);
    // The link reached the inbox: the address is confirmed by it.
    const profile = await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie: (await signIn(t.app, user.email, newPassword)).cookie } });
    expect(profile.json().emailVerified).toBe(true);
  });

  it('refuses a link used twice, an expired one, a made-up one, and another kind of link', async () => {
    const user = await signUpUser(t.app);
    await requestReset(user.email);
    const token = await resetLinkFor(user, 2);
    expect((await post('/api/auth/reset-password', { token, newPassword: 'quiet meadow thunder 7' })).statusCode).toBe(200);
    const again = await post('/api/auth/reset-password', { token, newPassword: 'second river lamp 88' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_LINK');

    await requestReset(user.email);
    const expiring = await resetLinkFor(user, 3);
    await t.app.db.updateTable('verifications').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('identifier', '=', `reset-password:${expiring}`).execute();
    const hash = await passwordHash(user.id);
    const expired = await post('/api/auth/reset-password', { token: expiring, newPassword: 'bright harbour stone 19' });
    expect(expired.statusCode).toBe(400);
    expect(await passwordHash(user.id)).toBe(hash);

    expect((await post('/api/auth/reset-password', { token: 'a'.repeat(24), newPassword: 'bright harbour stone 19' })).statusCode).toBe(400);
    // The verification link of the sign-up is not a reset link.
    const verification = linkIn(mail.to(user.email)[0]!, '/verify-email').searchParams.get('token')!;
    expect((await post('/api/auth/reset-password', { token: verification, newPassword: 'bright harbour stone 19' })).statusCode).toBe(400);
    expect(await passwordHash(user.id)).toBe(hash);
  });

  it("resets only the account the link was made for: another account's password and sessions stay", async () => {
    const owner = await signUpUser(t.app);
    const bystander = await signUpUser(t.app);
    const bystanderHash = await passwordHash(bystander.id);
    await requestReset(owner.email);
    const token = await resetLinkFor(owner, 2);
    // A body naming another account is not accepted at all.
    expect((await post('/api/auth/reset-password', { token, newPassword: 'velvet canyon maple 3', email: bystander.email })).statusCode).toBe(400);
    expect((await post('/api/auth/reset-password', { token, newPassword: 'velvet canyon maple 3' }, bystander.headers)).statusCode).toBe(200);
    expect(await passwordHash(bystander.id)).toBe(bystanderHash);
    expect((await t.app.inject({ method: 'GET', url: '/api/payments', headers: bystander.headers })).statusCode).toBe(200);
    await signIn(t.app, owner.email, 'velvet canyon maple 3');
  });

  it('is limited per e-mail address and client address, and refuses bad bodies with 400', async () => {
    const email = uniqueEmail('flood');
    const address = testAddress();
    for (let i = 0; i < 6; i++) await requestReset(email, address);
    const seventh = await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email }, remoteAddress: address });
    expect(seventh.statusCode).toBe(429);
    // Another client address is not held by this one's count (decision 0043).
    await requestReset(email);
    for (const body of [{}, { email: 'not-an-address' }, { email, redirectTo: 'https://evil.example' }]) {
      expect((await post('/api/auth/request-password-reset', body)).statusCode).toBe(400);
    }
    expect((await post('/api/auth/reset-password', { token: 'short', newPassword: 'x' })).statusCode).toBe(400);
  });
});

describe('verified address', () => {
  it('mails a link at sign-up; the link confirms the address once; "send again" mails a new one', async () => {
    const user = await signUpUser(t.app, { name: 'Vera Verify' });
    const received = await mail.waitFor(user.email);
    expect(received.subject).toBe('Confirm your e-mail address');
    expect(received.html).toContain('Confirm my address');
    const profile = async () => (await t.app.inject({ method: 'GET', url: '/api/account', headers: user.headers })).json();
    expect((await profile()).emailVerified).toBe(false);

    const again = await post('/api/account/verification-email', {}, user.headers);
    expect(again.json()).toMatchObject({ sent: true });
    const second = await mail.waitFor(user.email, 2);
    // The earlier link stops working once a new one is sent.
    const first = linkIn(received, '/verify-email').searchParams.get('token')!;
    expect((await post('/api/account/verify-email', { token: first })).statusCode).toBe(400);
    const token = linkIn(second, '/verify-email').searchParams.get('token')!;
    expect((await post('/api/account/verify-email', { token })).statusCode).toBe(200);
    expect((await profile()).emailVerified).toBe(true);
    expect((await post('/api/account/verify-email', { token })).statusCode).toBe(400);
    expect((await post('/api/account/verification-email', {}, user.headers)).json()).toMatchObject({ sent: false });
  });

  it('with REQUIRE_EMAIL_VERIFICATION, paying waits for it (403 with a clear message)', async () => {
    const strict = await createTestApp({ seed: true, env: mailEnv(mail, { ...HIGH, REQUIRE_EMAIL_VERIFICATION: 'true' }) });
    try {
      const user = await signUpUser(strict.app);
      const [item] = await menuItemIds(strict.app, 1);
      await fillCart(strict.app, user, [item!.id]);
      const intent = () => strict.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: user.headers, payload: { price: 1 } });
      const refused = await intent();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: EMAIL_NOT_VERIFIED, message: expect.stringMatching(/confirm your e-mail/i) });
      expect(await strict.app.db.selectFrom('payment_intents').select('id').execute()).toHaveLength(0);
      const token = linkIn(await mail.waitFor(user.email), '/verify-email').searchParams.get('token')!;
      expect((await strict.app.inject({ method: 'POST', url: '/api/account/verify-email', payload: { token } })).statusCode).toBe(200);
      expect((await intent()).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('e-mail change', () => {
  it('is confirmed through a link sent to the new address, and the old one is told', async () => {
    const user = await signUpUser(t.app, { name: 'Cam Change' });
    const newEmail = uniqueEmail('moved');
    const ask = (body: object) => post('/api/account/email', body, user.headers);
    expect((await ask({ newEmail, currentPassword: 'wrong password' })).statusCode).toBe(400);
    expect((await ask({ newEmail })).statusCode).toBe(400);
    const other = await signUpUser(t.app);
    expect((await ask({ newEmail: other.email, currentPassword: user.password })).statusCode).toBe(409);

    const res = await ask({ newEmail, currentPassword: user.password });
    expect(res.statusCode, res.body).toBe(200);
    const confirmMail = await mail.waitFor(newEmail);
    expect(confirmMail.subject).toBe('Confirm your new e-mail address');
    // Nothing changes until the link is used.
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: user.headers })).json().email).toBe(user.email);

    const token = linkIn(confirmMail, '/confirm-email').searchParams.get('token')!;
    const confirmed = await post('/api/account/email/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const profile = (await t.app.inject({ method: 'GET', url: '/api/account', headers: user.headers })).json();
    expect(profile).toMatchObject({ email: newEmail, emailVerified: true });
    const notice = await mail.waitFor(user.email, 2);
    expect(notice.subject).toBe('Your e-mail address was changed');
    expect(notice.text).toContain(newEmail);
    expect((await post('/api/account/email/confirm', { token })).statusCode).toBe(400);
    await signIn(t.app, newEmail, user.password);
  });
});
