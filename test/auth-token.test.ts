import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessTokens } from '../src/server/auth/access-token.ts';
import { signUpUser, testAddress, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let customer: TestUser;
let other: TestUser;
let secret: string;
beforeAll(async () => {
  t = await createTestApp();
  customer = await signUpUser(t.app);
  other = await signUpUser(t.app);
  secret = (await t.database.db.selectFrom('app_secrets').select('value').where('name', '=', 'auth').executeTakeFirstOrThrow()).value;
});
afterAll(async () => t.close());

function requestToken(headers: Record<string, string>, email: string) {
  return t.app.inject({ method: 'POST', url: '/api/jwt', headers, payload: { email }, remoteAddress: testAddress() });
}
function adminLookup(user: TestUser, authorization: string) {
  return t.app.inject({ method: 'GET', url: `/api/users/admin/${user.email}`, headers: { authorization } });
}

describe('POST /api/jwt', () => {
  it('gives the signed-in caller a token for their own e-mail that authenticates API calls', async () => {
    const res = await requestToken({ cookie: customer.cookie }, customer.email);
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    expect(token.split('.')).toHaveLength(3);
    expect((await adminLookup(customer, `Bearer ${token}`)).json()).toEqual({ admin: false, role: 'user' });
  });

  it('accepts the e-mail in any case', async () => {
    expect((await requestToken({ cookie: customer.cookie }, customer.email.toUpperCase())).statusCode).toBe(200);
  });

  it('refuses an anonymous caller with 401', async () => {
    expect((await requestToken({}, customer.email)).statusCode).toBe(401);
  });

  it("refuses another user's e-mail with 403", async () => {
    const res = await requestToken({ cookie: customer.cookie }, other.email);
    expect(res.statusCode).toBe(403);
  });

  it('refuses a body without a valid e-mail with 400', async () => {
    const res = await requestToken({ cookie: customer.cookie }, 'nope');
    expect(res.statusCode).toBe(400);
  });

  it('works with the bearer token too (a token renews itself within its session)', async () => {
    const res = await requestToken(customer.headers, customer.email);
    expect(res.statusCode).toBe(200);
  });
});

describe('bearer tokens that must not work', () => {
  it('a token signed with another secret (forged)', async () => {
    const forged = new AccessTokens('x'.repeat(40)).sign({
      sub: customer.id,
      sid: 'whatever',
      email: customer.email,
      exp: Math.floor(Date.now() / 1000) + 3600,
    });
    expect((await adminLookup(customer, `Bearer ${forged}`)).statusCode).toBe(401);
  });

  it('a token whose payload was changed (tampered)', async () => {
    const [header, payload, signature] = customer.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    claims.sub = other.id;
    const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    expect((await adminLookup(customer, `Bearer ${tampered}`)).statusCode).toBe(401);
  });

  it('a token with alg "none" or garbage', async () => {
    const [, payload] = customer.token.split('.') as [string, string];
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    for (const bad of [none, 'garbage', `${customer.token}x`, '']) {
      expect((await adminLookup(customer, `Bearer ${bad}`)).statusCode).toBe(401);
    }
    expect((await adminLookup(customer, 'Basic abc')).statusCode).toBe(401);
  });

  it('an expired token, even from a live session', async () => {
    const claims = JSON.parse(Buffer.from(customer.token.split('.')[1]!, 'base64url').toString());
    const expired = new AccessTokens(secret).sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 });
    const fresh = new AccessTokens(secret).sign({ ...claims, exp: Math.floor(Date.now() / 1000) + 60 });
    expect((await adminLookup(customer, `Bearer ${expired}`)).statusCode).toBe(401);
    expect((await adminLookup(customer, `Bearer ${fresh}`)).statusCode).toBe(200);
  });

  it('a token whose session has expired in the database', async () => {
    const user = await signUpUser(t.app);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect((await adminLookup(user, user.headers.authorization)).statusCode).toBe(401);
  });

  it('the token of a deleted user', async () => {
    const user = await signUpUser(t.app);
    const admin = await signUpUser(t.app, { admin: true });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/users/admin/${user.id}`, headers: admin.headers });
    expect(del.json()).toEqual({ deletedCount: 1 });
    expect((await adminLookup(user, user.headers.authorization)).statusCode).toBe(401);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: user.cookie } });
    expect(session.json()).toBeNull();
  });
});
