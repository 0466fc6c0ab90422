import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';

/**
 * Signed-in callers for server tests of any feature: a customer or an administrator made through
 * the real sign-up and token calls. Each call comes from its own client address so the rate
 * limits of sign-up and sign-in never trip a test that makes many users.
 */
export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
  /** The bearer token of POST /api/jwt. */
  token: string;
  /** The session cookie of Better Auth ("name=value"). */
  cookie: string;
  /** `{ authorization: 'Bearer …' }`, ready for app.inject. */
  headers: { authorization: string };
}

export function testAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.test`;
}

export async function signUpUser(
  app: FastifyInstance,
  options: { admin?: boolean; name?: string; email?: string; password?: string; headers?: Record<string, string> } = {},
): Promise<TestUser> {
  const name = options.name ?? 'Test Customer';
  const email = options.email ?? uniqueEmail(options.admin ? 'admin' : 'customer');
  const password = options.password ?? `pw-${randomBytes(8).toString('hex')}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { name, email, password },
    headers: options.headers,
    remoteAddress: testAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const id = res.json<{ user: { id: string } }>().user.id;
  if (options.admin) await app.db.updateTable('users').set({ role: 'admin' }).where('id', '=', id).execute();
  const cookie = sessionCookie(res);
  const token = await requestToken(app, cookie, email);
  return { id, name, email, password, token, cookie, headers: { authorization: `Bearer ${token}` } };
}

/** Signs in through the captcha, as the login page does; answers the new session's cookie and token. */
export async function signIn(app: FastifyInstance, email: string, password: string): Promise<{ cookie: string; token: string }> {
  const remoteAddress = testAddress();
  const captcha = await newCaptcha(app, remoteAddress);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password, captchaId: captcha.id, captchaAnswer: await captchaAnswer(app.db, captcha.id) },
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = sessionCookie(res);
  return { cookie, token: await requestToken(app, cookie, email) };
}

export async function newCaptcha(app: FastifyInstance, remoteAddress = testAddress()): Promise<{ id: string; image: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/captcha', remoteAddress });
  if (res.statusCode !== 201) throw new Error(`captcha failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Tests may read the answer from their own test database; the server has no way to skip it. */
export async function captchaAnswer(db: Kysely<Database>, id: string): Promise<string> {
  const row = await db.selectFrom('captchas').select('answer').where('id', '=', id).executeTakeFirstOrThrow();
  return row.answer;
}

export async function requestToken(app: FastifyInstance, cookie: string, email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/jwt',
    headers: { cookie },
    payload: { email },
    remoteAddress: testAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`token failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name.endsWith('session_token'));
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return `${cookie.name}=${cookie.value}`;
}
