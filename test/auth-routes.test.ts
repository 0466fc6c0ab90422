import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaAnswer, newCaptcha, sessionCookie, signIn, signUpUser, testAddress, uniqueEmail } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function signUp(payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload, remoteAddress: testAddress() });
}

async function signInWith(payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload, remoteAddress: testAddress() });
}

describe('POST /api/auth/sign-up/email', () => {
  it('creates a customer, signs them in with an HttpOnly cookie, and shows no secret', async () => {
    const email = uniqueEmail();
    const res = await signUp({ name: 'Ada Green', email, password: 'correct horse battery staple' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ name: 'Ada Green', email, role: 'user' });
    expect(JSON.stringify(body)).not.toMatch(/password|scrypt|session_token/i);
    expect(body.token).toBeUndefined();
    const cookie = res.cookies.find((c) => c.name.endsWith('session_token'));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const stored = await t.database.db.selectFrom('accounts').select('password').where('user_id', '=', body.user.id).executeTakeFirstOrThrow();
    expect(stored.password).not.toContain('correct horse battery staple');
    expect(stored.password?.length).toBeGreaterThan(40);
  });

  it('never takes a role from the body', async () => {
    const email = uniqueEmail('sneaky');
    const res = await signUp({ name: 'Sneaky', email, password: 'kale-beet-9071', role: 'admin' });
    expect(res.statusCode).toBe(200);
    const row = await t.database.db.selectFrom('users').select('role').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.role).toBe('user');
  });

  it('stores the e-mail in lower case, so the same address cannot sign up twice', async () => {
    const email = uniqueEmail();
    expect((await signUp({ name: 'A', email: email.toUpperCase(), password: 'kale-beet-9071' })).statusCode).toBe(200);
    const again = await signUp({ name: 'B', email, password: 'kale-beet-9071' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already exists/);
  });

  it.each([
    ['a password under 8 characters', { name: 'A', password: 'short7!' }, 'password'],
    ['a password over 128 characters', { name: 'A', password: 'x'.repeat(129) }, 'password'],
    ['no name', { password: 'kale-beet-9071' }, 'name'],
    ['a blank name', { name: '   ', password: 'kale-beet-9071' }, 'name'],
    ['a name over 100 characters', { name: 'n'.repeat(101), password: 'kale-beet-9071' }, 'name'],
  ])('refuses %s with 400 and the field', async (_label, fields, field) => {
    const res = await signUp({ email: uniqueEmail(), ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty(field);
  });

  it('refuses an invalid e-mail with 400', async () => {
    const res = await signUp({ name: 'A', email: 'not-an-email', password: 'kale-beet-9071' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('email');
  });

  it('takes a password of exactly 8 and of exactly 128 characters by length; 8 random ones are still too few guesses', async () => {
    // zxcvbn's score 3 asks for more than 10^8 guesses, which no 8 characters give: the strength
    // rule, not the length rule, refuses it (docs/accounts.md, "Passwords"); 9 will do.
    const eight = await signUp({ name: 'A', email: uniqueEmail(), password: 'qZ7#mv2!' });
    expect(eight.statusCode).toBe(400);
    expect(eight.json().fieldErrors.password[0]).not.toMatch(/At least/);
    expect((await signUp({ name: 'A', email: uniqueEmail(), password: 'qZ7#mv2!a' })).statusCode).toBe(200);
    const long = Array.from({ length: 128 }, (_, i) => 'abcdefghijklmnopqrstuvwxyz0123456789'[(i * 7919) % 36]).join('');
    expect((await signUp({ name: 'A', email: uniqueEmail(), password: long })).statusCode).toBe(200);
  });

  it.each([
    ['a common password', 'password'],
    ['a common password with digits', 'password123'],
    ['one repeated character', 'aaaaaaaa'],
    ['digits in a row', '12345678'],
    ['a keyboard row', 'qwertyuiop'],
    ['only spaces', '        '],
  ])('refuses %s with 400, a reason at the password field, and creates no account', async (_label, password) => {
    const email = uniqueEmail();
    const res = await signUp({ name: 'Weak', email, password });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.password[0]).toMatch(/\w/);
    expect(await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it('refuses a password made of the name or the e-mail', async () => {
    const email = uniqueEmail('wilhelmina');
    const res = await signUp({ name: 'Wilhelmina Oakenshield', email, password: 'WilhelminaOakenshield' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('password');
  });
});

describe('POST /api/auth/sign-in/email', () => {
  it('signs in with the right password and captcha; the body carries no session token', async () => {
    const user = await signUpUser(t.app);
    const captcha = await newCaptcha(t.app);
    const res = await signInWith({
      email: user.email,
      password: user.password,
      captchaId: captcha.id,
      captchaAnswer: (await captchaAnswer(t.database.db, captcha.id)).toLowerCase(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: user.email });
    expect(res.json().token).toBeUndefined();
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: sessionCookie(res) } });
    expect(session.json().user.email).toBe(user.email);
    expect(session.json().session.token).toBeUndefined();
  });

  it('refuses a sign-in without a captcha', async () => {
    const user = await signUpUser(t.app);
    const res = await signInWith({ email: user.email, password: user.password });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('captchaId');
  });

  it('refuses a wrong captcha and uses it up, so the right answer then fails too', async () => {
    const user = await signUpUser(t.app);
    const captcha = await newCaptcha(t.app);
    const answer = await captchaAnswer(t.database.db, captcha.id);
    const wrong = await signInWith({ email: user.email, password: user.password, captchaId: captcha.id, captchaAnswer: 'ZZZZZZ' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'CAPTCHA_INVALID' });
    expect(wrong.cookies.some((c) => c.name.endsWith('session_token'))).toBe(false);
    const right = await signInWith({ email: user.email, password: user.password, captchaId: captcha.id, captchaAnswer: answer });
    expect(right.statusCode).toBe(400);
  });

  it('refuses a captcha used once already', async () => {
    const user = await signUpUser(t.app);
    const captcha = await newCaptcha(t.app);
    const answer = await captchaAnswer(t.database.db, captcha.id);
    const body = { email: user.email, password: user.password, captchaId: captcha.id, captchaAnswer: answer };
    expect((await signInWith(body)).statusCode).toBe(200);
    const reused = await signInWith(body);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('CAPTCHA_INVALID');
  });

  it('refuses an expired captcha', async () => {
    const user = await signUpUser(t.app);
    const captcha = await newCaptcha(t.app);
    const answer = await captchaAnswer(t.database.db, captcha.id);
    await t.database.db
      .updateTable('captchas')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', captcha.id)
      .execute();
    const res = await signInWith({ email: user.email, password: user.password, captchaId: captcha.id, captchaAnswer: answer });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CAPTCHA_INVALID');
  });

  it('answers 401 with a message for a wrong password or an unknown e-mail, and uses up the captcha', async () => {
    const user = await signUpUser(t.app);
    for (const [email, password] of [
      [user.email, 'wrong password'],
      [uniqueEmail('nobody'), 'password123'],
    ]) {
      const captcha = await newCaptcha(t.app);
      const answer = await captchaAnswer(t.database.db, captcha.id);
      const res = await signInWith({ email, password, captchaId: captcha.id, captchaAnswer: answer });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/invalid email or password/i);
      const left = await t.database.db.selectFrom('captchas').select('id').where('id', '=', captcha.id).executeTakeFirst();
      expect(left).toBeUndefined();
    }
  });
});

describe('sign-out, session and display name', () => {
  it('sign-out ends the session: its cookie and its bearer token stop working', async () => {
    const user = await signUpUser(t.app);
    const before = await t.app.inject({ method: 'GET', url: `/api/users/admin/${user.email}`, headers: user.headers });
    expect(before.statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: user.cookie } });
    expect(out.statusCode).toBe(200);
    const byToken = await t.app.inject({ method: 'GET', url: `/api/users/admin/${user.email}`, headers: user.headers });
    expect(byToken.statusCode).toBe(401);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: user.cookie } });
    expect(session.json()).toBeNull();
  });

  it('another session of the same user keeps working after one signs out', async () => {
    const user = await signUpUser(t.app);
    const second = await signIn(t.app, user.email, user.password);
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: user.cookie } });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/admin/${user.email}`,
      headers: { authorization: `Bearer ${second.token}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('updates the display name, but never the role', async () => {
    const user = await signUpUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: user.cookie },
      payload: { name: 'New Name', role: 'admin' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const named = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: user.cookie },
      payload: { name: 'New Name' },
    });
    expect(named.statusCode).toBe(200);
    const row = await t.database.db.selectFrom('users').select(['name', 'role']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'New Name', role: 'user' });
  });

  it.each([
    ['a name of a million characters', { name: 'n'.repeat(1_000_000) }, 413],
    ['a name of 101 characters', { name: 'n'.repeat(101) }, 400],
    ['a blank name', { name: '   ' }, 400],
    ['a number', { name: 42 }, 400],
    ['null', null, 400],
    ['an array', [{ name: 'x' }], 400],
    ['an object as the name', { name: { first: 'x' } }, 400],
    ['a picture from another site', { image: 'https://evil.example/me.png' }, 400],
    ['an e-mail', { email: 'new@example.test' }, 400],
    ['nothing to change', {}, 400],
  ])('refuses %s in a profile update, never with a 5xx, and changes nothing', async (_label, payload, status) => {
    const user = await signUpUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect(res.statusCode).toBe(status);
    const row = await t.database.db.selectFrom('users').select(['name', 'email', 'image']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: user.name, email: user.email, image: null });
  });

  it('trims the display name it keeps', async () => {
    const user = await signUpUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/update-user', headers: { cookie: user.cookie }, payload: { name: '  Ada  ' } });
    expect(res.statusCode).toBe(200);
    const row = await t.database.db.selectFrom('users').select('name').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Ada');
  });

  it('refuses a display-name change without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/update-user', payload: { name: 'X' } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a sign-up sent by another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://evil.example' },
      payload: { name: 'A', email: uniqueEmail(), password: 'kale-beet-9071' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('Better Auth behind the shop', () => {
  it('no other spelling of the sign-in path skips the captcha, and unused endpoints are closed', async () => {
    const user = await signUpUser(t.app);
    for (const url of ['/api/auth/sign-in/email/', '/api/auth/Sign-In/Email', '/api/auth//sign-in/email', '/api/auth/sign-in%2Femail']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { email: user.email, password: user.password } });
      expect(res.statusCode, url).not.toBe(200);
      expect(res.cookies.some((c) => c.name.endsWith('session_token') && c.value), url).toBe(false);
    }
    for (const [method, url] of [
      ['POST', '/api/auth/delete-user'],
      ['POST', '/api/auth/sign-up/email/'],
      ['GET', '/api/auth/list-sessions'],
      // Reset is open (docs/decisions/0020), but not Better Auth's redirecting GET of its link.
      ['GET', '/api/auth/reset-password/some-token'],
      ['POST', '/api/auth/send-verification-email'],
      ['GET', '/api/auth/verify-email'],
      ['POST', '/api/auth/change-email'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { cookie: user.cookie }, payload: {} });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('GET /api/auth-providers', () => {
  it('offers no social sign-in when no OpenID Connect client is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth-providers' });
    expect(res.json()).toEqual({ social: null });
  });
});

describe('POST /api/auth/change-password', () => {
  function changePassword(cookie: string, payload: Record<string, unknown>, remoteAddress = testAddress()) {
    return t.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: { cookie }, payload, remoteAddress });
  }

  it('changes the password with the current one, and the new one signs in', async () => {
    const user = await signUpUser(t.app);
    const res = await changePassword(user.cookie, { currentPassword: user.password, newPassword: 'beetroot-carpaccio-44' });
    expect(res.statusCode).toBe(200);
    await expect(signIn(t.app, user.email, 'beetroot-carpaccio-44')).resolves.toHaveProperty('cookie');
  });

  it('refuses a weak or blank new password with the reason at its field, and keeps the old one', async () => {
    const user = await signUpUser(t.app);
    for (const newPassword of ['password1', '        ']) {
      const res = await changePassword(user.cookie, { currentPassword: user.password, newPassword });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toHaveProperty('newPassword');
    }
    await expect(signIn(t.app, user.email, user.password)).resolves.toHaveProperty('cookie');
  });

  it('limits guesses of the current password per session, even from many addresses', async () => {
    const user = await signUpUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      // A new address each time: only the per-session count can stop these.
      const res = await changePassword(user.cookie, { currentPassword: `guess-${i}-wrong`, newPassword: 'beetroot-carpaccio-44' }, testAddress());
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400 || status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Even the right password waits out the window now.
    expect((await changePassword(user.cookie, { currentPassword: user.password, newPassword: 'beetroot-carpaccio-44' }, testAddress())).statusCode).toBe(429);
  });

  it('limits guesses per address, across sessions', async () => {
    const address = testAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const user = await signUpUser(t.app);
      statuses.push((await changePassword(user.cookie, { currentPassword: 'wrong-guess-123', newPassword: 'beetroot-carpaccio-44' }, address)).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, 10)).not.toContain(429);
  });

  it('refuses a visitor', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/change-password', payload: { currentPassword: 'x', newPassword: 'beetroot-carpaccio-44' } });
    expect(res.statusCode).toBe(401);
  });
});
