import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaAnswer, newCaptcha, signIn, signUpUser, testAddress } from './helpers/auth.ts';
import { noticesDelivered } from './helpers/notices.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * `npm run admin:password -- <email>` (scripts/admin-password.ts) on the database of a running
 * app: a new password that signs in, the old one that no longer does, every session ended.
 */
let t: TestApp;
let env: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  if (t.database.kind === 'postgres') env = { DATABASE_URL: t.database.postgresUrl! };
  else {
    const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(t.app.db);
    env = { DATA_DIR: path.dirname(rows[0]!.file) };
  }
});
afterAll(() => t.close());

function adminPassword(email: string, stdin?: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const base = { ...process.env };
    delete base.DATABASE_URL;
    delete base.DATA_DIR;
    const child = spawn(process.execPath, ['scripts/admin-password.ts', email], {
      env: { ...base, NODE_ENV: 'test', MAIL_DISABLED: 'true', ...env },
      stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    if (stdin !== undefined) child.stdin!.end(stdin);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

async function signInStatus(email: string, password: string): Promise<number> {
  const remoteAddress = testAddress();
  const captcha = await newCaptcha(t.app, remoteAddress);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password, captchaId: captcha.id, captchaAnswer: await captchaAnswer(t.app.db, captcha.id) },
    remoteAddress,
  });
  return res.statusCode;
}

describe('npm run admin:password', () => {
  it('sets a generated password that signs in, and signs the account out everywhere', { timeout: 120_000 }, async () => {
    const admin = await signUpUser(t.app, { admin: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/orders', headers: admin.headers })).statusCode).toBe(200);

    const { code, output } = await adminPassword(admin.email.toUpperCase());
    expect(code, output).toBe(0);
    const password = /New password for \S+: (\S+)/.exec(output)?.[1];
    expect(password).toBeDefined();
    expect(password!.length).toBeGreaterThanOrEqual(20);
    expect(output).toMatch(/1 session ended/);

    // The command is another process: its commit is heard by the next look (SQLite) or notice (PostgreSQL).
    await noticesDelivered(t, t.app);
    // The old session and its bearer token are over; the old password no longer signs in; the new one does.
    expect((await t.app.inject({ method: 'GET', url: '/api/orders', headers: admin.headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie: admin.cookie } })).statusCode).toBe(401);
    expect(await signInStatus(admin.email, admin.password)).toBe(401);
    const session = await signIn(t.app, admin.email, password!);
    const again = await t.app.inject({ method: 'GET', url: '/api/admin-statistics', headers: { authorization: `Bearer ${session.token}` } });
    expect(again.statusCode).toBe(200);
  });

  it('takes a password from standard input, refusing a weak one', { timeout: 120_000 }, async () => {
    const user = await signUpUser(t.app);
    const weak = await adminPassword(user.email, 'password1\n');
    expect(weak.code).toBe(1);
    expect(weak.output).not.toContain('password1');
    expect(await signInStatus(user.email, user.password)).toBe(200);

    const chosen = 'lantern orchard velvet 42 quietly';
    const strong = await adminPassword(user.email, `${chosen}\n`);
    expect(strong.code, strong.output).toBe(0);
    expect(strong.output).toContain('is changed');
    expect(strong.output).not.toContain(chosen);
    expect(await signInStatus(user.email, chosen)).toBe(200);
    expect(await signInStatus(user.email, user.password)).toBe(401);
  });

  it('says so when no account has the e-mail', { timeout: 60_000 }, async () => {
    const { code, output } = await adminPassword('nobody-here@example.test');
    expect(code).toBe(1);
    expect(output).toContain('No account with the e-mail nobody-here@example.test');
  });
});
