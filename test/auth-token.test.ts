import { createHash, createHmac } from 'node:crypto';
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
    const forged = await new AccessTokens('x'.repeat(40)).sign({
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
    const expired = await new AccessTokens(secret).sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 });
    const fresh = await new AccessTokens(secret).sign({ ...claims, exp: Math.floor(Date.now() / 1000) + 60 });
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

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
/** The access tokens' own key, derived from the shared secret as the shop derives it. */
const tokenKey = () => createHash('sha256').update(`access-token:${secret}`).digest();
/** A token made by hand, as an attacker would: any header and claims, an HMAC with any hash and key. */
function handMade(header: object, claims: object, key: Buffer | string = tokenKey(), hash = 'sha256'): string {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac(hash, key).update(input).digest('base64url')}`;
}

describe('tokens made by hand: jose accepts HS256 with the token key only', () => {
  const HS256 = { alg: 'HS256', typ: 'JWT' };

  it('a token signed by hand the way the shop signed them before jose still passes (tokens already issued)', async () => {
    expect((await adminLookup(customer, `Bearer ${handMade(HS256, claimsOf(customer.token))}`)).statusCode).toBe(200);
  });

  it('a header naming another algorithm, even correctly signed with it and the right key', async () => {
    const claims = claimsOf(customer.token);
    const tokens = [
      handMade({ alg: 'HS512', typ: 'JWT' }, claims, tokenKey(), 'sha512'),
      handMade({ alg: 'HS384', typ: 'JWT' }, claims, tokenKey(), 'sha384'),
      handMade({ alg: 'none', typ: 'JWT' }, claims),
      handMade({ alg: 'HS512', typ: 'JWT' }, claims),
      handMade({ typ: 'JWT' }, claims),
    ];
    for (const token of tokens) expect((await adminLookup(customer, `Bearer ${token}`)).statusCode, token).toBe(401);
  });

  it('a token signed with another key: the shared secret itself, or a key the header names', async () => {
    const claims = claimsOf(customer.token);
    const theirs = Buffer.alloc(32, 7);
    const tokens = [
      handMade(HS256, claims, secret),
      handMade(HS256, claims, createHash('sha256').update(secret).digest()),
      handMade({ ...HS256, jwk: { kty: 'oct', k: theirs.toString('base64url') } }, claims, theirs),
      handMade({ ...HS256, kid: 'theirs' }, claims, theirs),
    ];
    for (const token of tokens) expect((await adminLookup(customer, `Bearer ${token}`)).statusCode, token).toBe(401);
  });

  it('a correctly signed token whose claims are missing or of the wrong type', async () => {
    const { sub, sid, email, iat, exp } = claimsOf(customer.token);
    const bodies = [
      { sid, email, iat, exp },
      { sub: 1, sid, email, iat, exp },
      { sub, email, iat, exp },
      { sub, sid: [sid], email, iat, exp },
      { sub, sid, iat, exp },
      { sub, sid, email: null, iat, exp },
      { sub, sid, email, exp },
      { sub, sid, email, iat: String(iat), exp },
      { sub, sid, email, iat },
      { sub, sid, email, iat, exp: String(exp) },
      { sub, sid, email, iat, exp, nbf: Math.floor(Date.now() / 1000) + 3600 },
    ];
    for (const body of bodies) expect((await adminLookup(customer, `Bearer ${handMade(HS256, body)}`)).statusCode, JSON.stringify(body)).toBe(401);
  });

  it('the right signature spelled another way (jose would decode it to the same bytes)', async () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = customer.token.at(-1)!;
    const spellings = [`${customer.token.slice(0, -1)}${alphabet[alphabet.indexOf(last) ^ 1]}`, `${customer.token}=`, `${customer.token}.`];
    for (const token of spellings) expect((await adminLookup(customer, `Bearer ${token}`)).statusCode, token).toBe(401);
    expect((await adminLookup(customer, `Bearer ${customer.token}`)).statusCode).toBe(200);
  });
});

describe('AccessTokens', () => {
  const tokens = () => new AccessTokens('s'.repeat(40));
  const claims = { sub: 'u1', sid: 's1', email: 'a@example.com' };

  it('answers exactly the claims it signed, and none once expired, even after a first check', async () => {
    const now = Date.UTC(2030, 0, 1);
    const keeper = tokens();
    const token = await keeper.sign({ ...claims, exp: now / 1000 + 60 }, now);
    const expected = { ...claims, iat: now / 1000, exp: now / 1000 + 60 };
    expect(await keeper.verify(token, now)).toEqual(expected);
    expect(await keeper.verify(token, now + 59_999)).toEqual(expected);
    expect(await keeper.verify(token, now + 60_000)).toBeUndefined();
    expect(await tokens().verify(token, now + 60_000)).toBeUndefined();
    expect(await tokens().verify(token, now)).toEqual(expected);
  });

  it('signs only its own claims, whatever else the caller passes', async () => {
    const now = Date.UTC(2030, 0, 1);
    const withRole = { ...claims, exp: now / 1000 + 60, role: 'admin' };
    const token = await tokens().sign(withRole, now);
    expect(claimsOf(token)).toEqual({ ...claims, iat: now / 1000, exp: now / 1000 + 60 });
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
  });
});
