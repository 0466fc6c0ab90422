import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCIAL_DONE_PATH } from '../src/shared/auth.ts';
import { requestToken, signUpUser, uniqueEmail } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Social sign-in through OpenID Connect against a real OIDC server on this machine: discovery,
 * authorization code with PKCE and nonce, a signed ID token checked against the issuer's keys.
 */
let oidc: OAuth2Server;
let t: TestApp;
let claims: Record<string, unknown>;

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  oidc.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims));
  oidc.service.on('beforeUserinfo', (userinfo) => Object.assign(userinfo.body, claims));
  t = await createTestApp({
    env: {
      OIDC_ISSUER: oidc.issuer.url!,
      OIDC_CLIENT_ID: 'raw-roots-test',
      OIDC_CLIENT_SECRET: 'test-secret',
      OIDC_PROVIDER_NAME: 'Google',
    },
  });
});
afterAll(async () => {
  await t.close();
  await oidc.stop();
});

function cookieHeader(setCookie: string | string[] | undefined, jar: Map<string, string>): string {
  for (const line of [setCookie ?? []].flat()) {
    const [pair] = line.split(';');
    const [name, ...value] = pair!.split('=');
    jar.set(name!.trim(), value.join('='));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/**
 * The popup's journey: start, the provider's authorize page, back to the shop's callback. With
 * `formPost`, the provider comes back as response_mode=form_post does: a form posted from its site.
 */
async function socialSignIn(options: { formPost?: boolean } = {}): Promise<{ location: string; cookies: string }> {
  const jar = new Map<string, string>();
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    payload: { provider: 'oidc', callbackURL: SOCIAL_DONE_PATH, errorCallbackURL: SOCIAL_DONE_PATH, disableRedirect: true },
  });
  expect(start.statusCode).toBe(200);
  let cookies = cookieHeader(start.headers['set-cookie'], jar);
  const authorizeUrl = new URL(start.json<{ url: string }>().url);
  expect(authorizeUrl.origin).toBe(new URL(oidc.issuer.url!).origin);
  expect(authorizeUrl.searchParams.get('code_challenge')).toBeTruthy();

  const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const callback = new URL(authorize.headers.get('location')!);
  expect(callback.pathname).toBe('/api/auth/callback/oidc');

  let callbackPath = callback.pathname + callback.search;
  if (options.formPost) {
    const posted = await t.app.inject({
      method: 'POST',
      url: callback.pathname,
      // The provider's page posts it: another site, and the browser sends no SameSite=Lax cookie.
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: authorizeUrl.origin, 'sec-fetch-site': 'cross-site' },
      payload: callback.searchParams.toString(),
    });
    expect(posted.statusCode).toBe(302);
    const redirected = new URL(String(posted.headers.location), 'http://shop.test');
    expect(redirected.pathname).toBe('/api/auth/callback/oidc');
    callbackPath = redirected.pathname + redirected.search;
  }
  const done = await t.app.inject({ method: 'GET', url: callbackPath, headers: { cookie: cookies } });
  cookies = cookieHeader(done.headers['set-cookie'], jar);
  return { location: String(done.headers.location), cookies };
}

describe('social sign-in with OpenID Connect', () => {
  it('offers the configured provider to the login page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth-providers' });
    expect(res.json()).toEqual({ social: { id: 'oidc', name: 'Google' } });
  });

  it('creates a customer from the ID token, signs them in, and POST /api/users is idempotent', async () => {
    const email = uniqueEmail('social');
    claims = { sub: `sub-${email}`, email, email_verified: true, name: 'Sam Social' };
    const { location, cookies } = await socialSignIn();
    expect(location).toBe(SOCIAL_DONE_PATH);

    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: cookies } });
    expect(session.json().user).toMatchObject({ email, name: 'Sam Social', role: 'user' });

    const token = await requestToken(t.app, cookies.split('; ').find((c) => c.includes('session_token'))!, email);
    const headers = { authorization: `Bearer ${token}` };
    const first = await t.app.inject({ method: 'POST', url: '/api/users', headers, payload: { name: 'Sam Social', email } });
    expect(first.json().insertedId).toBe(session.json().user.id);
    const again = await t.app.inject({ method: 'POST', url: '/api/users', headers, payload: { name: 'Sam Social', email } });
    expect(again.json()).toEqual({ insertedId: null, message: 'user already exists' });

    // A second sign-in finds the same account rather than making another.
    await socialSignIn();
    const users = await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
  });

  it('signs in when the provider comes back with a form post (response_mode=form_post)', async () => {
    const email = uniqueEmail('formpost');
    claims = { sub: `sub-${email}`, email, email_verified: true, name: 'Fern Formpost' };
    const { location, cookies } = await socialSignIn({ formPost: true });
    expect(location).toBe(SOCIAL_DONE_PATH);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: cookies } });
    expect(session.json().user).toMatchObject({ email, name: 'Fern Formpost' });
  });

  it('a role claim from the provider does not make an administrator', async () => {
    const email = uniqueEmail('social');
    claims = { sub: `sub-${email}`, email, email_verified: true, name: 'Eve', role: 'admin' };
    await socialSignIn();
    const row = await t.database.db.selectFrom('users').select('role').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.role).toBe('user');
  });

  it('never joins an account made with a password (its e-mail was never verified)', async () => {
    const existing = await signUpUser(t.app, { name: 'Pat Password' });
    for (const verified of [false, true]) {
      claims = { sub: `sub-${verified}-${existing.email}`, email: existing.email, email_verified: verified, name: 'Mallory' };
      const refused = await socialSignIn();
      expect(refused.location).toBe(`${SOCIAL_DONE_PATH}?error=account_not_linked`);
      expect(refused.cookies).not.toContain('session_token');
    }
    const accounts = await t.database.db.selectFrom('accounts').select('provider_id').where('user_id', '=', existing.id).execute();
    expect(accounts).toEqual([{ provider_id: 'credential' }]);
  });

  it('a callback with a forged state does not sign anyone in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/callback/oidc?code=abc&state=forged' });
    expect(res.statusCode).toBe(302);
    expect(String(res.headers.location)).toContain('error');
    expect(res.cookies.some((c) => c.name.endsWith('session_token') && c.value)).toBe(false);
  });

  // Without an Origin (a script, not a browser) Better Auth's own origin check has nothing to
  // compare, so the body's schema refuses a callback that is not a path of this shop.
  it.each(['callbackURL', 'errorCallbackURL', 'newUserCallbackURL'])('refuses to start with a %s on another site', async (field) => {
    for (const target of ['https://evil.example/steal', '//evil.example/steal', '/\\evil.example']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/social',
        payload: { provider: 'oidc', callbackURL: SOCIAL_DONE_PATH, [field]: target, disableRedirect: true },
      });
      expect(res.statusCode, target).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toEqual([field]);
    }
    const fromAnotherSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: 'https://evil.example' },
      payload: { provider: 'oidc', callbackURL: SOCIAL_DONE_PATH },
    });
    expect(fromAnotherSite.statusCode).toBe(403);
  });
});
