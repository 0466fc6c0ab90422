import { spawn } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUpUser, testAddress, type TestUser } from './helpers/auth.ts';
import { noticesDelivered } from './helpers/notices.ts';
import { createTestApp, openSecondApp, type TestApp } from './helpers/test-app.ts';

/**
 * The callers kept between requests (src/server/auth/session-cache.ts, decision 0029): a signed-in
 * read no longer looks its caller up in the database each time, yet a sign-out, a password change
 * and a role change take effect on the very next request, whoever made them (this process, a
 * command run beside it, another shop process on the same PostgreSQL database).
 */
let t: TestApp;
let commandEnv: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { RATE_LIMIT_PASSWORD: '1000' } });
  if (t.database.kind === 'postgres') commandEnv = { DATABASE_URL: t.database.postgresUrl! };
  else {
    const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(t.app.db);
    commandEnv = { DATA_DIR: path.dirname(rows[0]!.file) };
  }
});
afterAll(() => t.close());

const cart = (app: FastifyInstance, user: { email: string; headers: { authorization: string } }) =>
  app.inject({ method: 'GET', url: `/api/cart?email=${encodeURIComponent(user.email)}`, headers: user.headers });
const staffBoard = (app: FastifyInstance, user: TestUser) => app.inject({ method: 'GET', url: '/api/staff/orders', headers: user.headers });
const sessionIdOf = async (app: FastifyInstance, token: string) => (await app.accessTokens.verify(token))!.sid;

/** Reads the cart until the caller is kept, and checks that it is. */
async function keptIn(app: FastifyInstance, user: { email: string; token: string; headers: { authorization: string } }): Promise<void> {
  expect((await cart(app, user)).statusCode).toBe(200);
  expect((await cart(app, user)).statusCode).toBe(200);
  expect(app.sessions.get(await sessionIdOf(app, user.token), Date.now())?.email).toBe(user.email);
}

/**
 * The shop's own command, as an operator runs it beside the shop, on this test's database. The
 * app's event loop runs meanwhile, as a server's does (a notice from PostgreSQL is read when it
 * comes, not after the command).
 */
async function runCommand(script: string, email: string): Promise<string> {
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.DATA_DIR;
  const child = spawn(process.execPath, [script, email], { env: { ...base, NODE_ENV: 'test', MAIL_DISABLED: 'true', ...commandEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  expect(code, output).toBe(0);
  return output;
}

describe('a kept caller', () => {
  it('is kept after a request, and answers the next ones', async () => {
    const user = await signUpUser(t.app);
    t.app.sessions.forgetAll();
    expect(t.app.sessions.get(await sessionIdOf(t.app, user.token), Date.now())).toBeUndefined();
    await keptIn(t.app, user);
  });

  it('signing out ends it at once: the next request with its token is refused', async () => {
    const user = await signUpUser(t.app);
    await keptIn(t.app, user);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: user.cookie } });
    expect(out.statusCode, out.body).toBe(200);
    expect((await cart(t.app, user)).statusCode).toBe(401);
  });

  it('a password change that signs out the other devices ends their sessions at once', async () => {
    const user = await signUpUser(t.app);
    const other = { ...user, ...(await signIn(t.app, user.email, user.password)) };
    other.headers = { authorization: `Bearer ${other.token}` };
    await keptIn(t.app, user);
    await keptIn(t.app, other);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { ...user.headers, cookie: user.cookie },
      payload: { currentPassword: user.password, newPassword: 'a brand new pass phrase 77', revokeOtherSessions: true },
      remoteAddress: testAddress(),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await cart(t.app, other)).statusCode).toBe(401);
  });

  it('a role given or taken by an administrator applies at once', async () => {
    const admin = await signUpUser(t.app, { admin: true });
    const user = await signUpUser(t.app);
    await keptIn(t.app, user);
    expect((await staffBoard(t.app, user)).statusCode).toBe(403);
    const role = (to: string) => t.app.inject({ method: 'PATCH', url: `/api/users/role/${user.id}`, headers: admin.headers, payload: { role: to } });
    expect((await role('staff')).json()).toEqual({ modifiedCount: 1 });
    expect((await staffBoard(t.app, user)).statusCode).toBe(200);
    expect((await staffBoard(t.app, user)).statusCode).toBe(200);
    expect((await role('user')).json()).toEqual({ modifiedCount: 1 });
    expect((await staffBoard(t.app, user)).statusCode).toBe(403);
  });

  it('a role given by `npm run admin:promote`, another process, applies at once', { timeout: 60_000 }, async () => {
    const user = await signUpUser(t.app);
    await keptIn(t.app, user);
    expect((await staffBoard(t.app, user)).statusCode).toBe(403);
    expect(await runCommand('scripts/admin-promote.ts', user.email)).toContain('is now an administrator');
    await noticesDelivered(t, t.app);
    expect((await staffBoard(t.app, user)).statusCode).toBe(200);
  });

  it('`npm run admin:password`, another process, ends every session at once', { timeout: 60_000 }, async () => {
    const user = await signUpUser(t.app);
    await keptIn(t.app, user);
    await runCommand('scripts/admin-password.ts', user.email);
    await noticesDelivered(t, t.app);
    expect((await cart(t.app, user)).statusCode).toBe(401);
  });
});

/**
 * Between processes a change travels as PostgreSQL's notice: the writer's answer waits until its
 * own process has heard it (app.ts), and the other process forgets its callers when it reads it.
 * On a machine loaded by other work the other process may read it a few milliseconds after the
 * writer's answer (decision 0029, Consequences): each test waits until the other process has read
 * every notice committed before (noticesDelivered), then asks it once. A process that kept a
 * caller after the write's notice, or a write that sent none, fails the test.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('two shop processes on one PostgreSQL database', () => {
  let second: Awaited<ReturnType<typeof openSecondApp>>;
  beforeAll(async () => {
    second = await openSecondApp(t, { RATE_LIMIT_PASSWORD: '1000' });
  });
  afterAll(() => second.close());

  it('a sign-out through one ends the session at once in the other', async () => {
    const user = await signUpUser(t.app);
    await keptIn(second.app, user);
    await keptIn(t.app, user);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: user.cookie } });
    expect(out.statusCode).toBe(200);
    await noticesDelivered(t, t.app, second.app);
    expect((await cart(second.app, user)).statusCode).toBe(401);
  });

  it('a password change through one ends the other sessions at once in the other', async () => {
    const user = await signUpUser(t.app);
    const other = { ...user, ...(await signIn(t.app, user.email, user.password)) };
    other.headers = { authorization: `Bearer ${other.token}` };
    await keptIn(second.app, other);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { ...user.headers, cookie: user.cookie },
      payload: { currentPassword: user.password, newPassword: 'another new pass phrase 78', revokeOtherSessions: true },
      remoteAddress: testAddress(),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await noticesDelivered(t, t.app, second.app);
    expect((await cart(second.app, other)).statusCode).toBe(401);
  });

  it('a role changed through one applies at once in the other', async () => {
    const admin = await signUpUser(t.app, { admin: true });
    const user = await signUpUser(t.app);
    await keptIn(second.app, user);
    expect((await staffBoard(second.app, user)).statusCode).toBe(403);
    const role = (to: string) => t.app.inject({ method: 'PATCH', url: `/api/users/role/${user.id}`, headers: admin.headers, payload: { role: to } });
    expect((await role('staff')).statusCode).toBe(200);
    await noticesDelivered(t, t.app, second.app);
    expect((await staffBoard(second.app, user)).statusCode).toBe(200);
    expect((await staffBoard(second.app, user)).statusCode).toBe(200);
    expect((await role('user')).statusCode).toBe(200);
    await noticesDelivered(t, t.app, second.app);
    expect((await staffBoard(second.app, user)).statusCode).toBe(403);
  });
});
