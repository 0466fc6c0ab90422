import { spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.ts';
import { createDemoAdmin, DEMO_ADMIN_EMAIL } from '../src/server/auth/demo-admin.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { signIn, signUpUser } from './helpers/auth.ts';
import { noticesDelivered } from './helpers/notices.ts';
import { openShopDb } from '../bench/lib/shop-db.ts';
import { shopStorage, ShopChild } from './helpers/shop-child.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the demo administrator of the first start', () => {
  it('is made once with a generated password that signs in, and never again', async () => {
    const created = await createDemoAdmin(t.app);
    expect(created?.email).toBe(DEMO_ADMIN_EMAIL);
    expect(created!.password.length).toBeGreaterThanOrEqual(16);
    const { token } = await signIn(t.app, DEMO_ADMIN_EMAIL, created!.password);
    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(await createDemoAdmin(t.app)).toBeUndefined();
  });

  // Issue 43, point 8: no "confirm your e-mail" banner on every dashboard page, and no link mailed.
  it('has its address confirmed, and no confirmation mail is queued for it', async () => {
    const created = await t.app.accounts.createAdministrator('  Second.Owner@Example.test ', 'Owner');
    expect(created.email).toBe('second.owner@example.test');
    const headers = { authorization: `Bearer ${(await signIn(t.app, created.email, created.password)).token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers })).json()).toMatchObject({ email: created.email, emailVerified: true });
    const queued = await t.app.db.selectFrom('mail_queue').select('template').where('to_address', 'in', [DEMO_ADMIN_EMAIL, created.email]).execute();
    expect(queued).toEqual([]);
  });

  it('refuses an address that has an account, or is none', async () => {
    await expect(t.app.accounts.createAdministrator(DEMO_ADMIN_EMAIL, 'Again')).rejects.toThrow(/exists already.*admin:promote/);
    await expect(t.app.accounts.createAdministrator('not-an-address', 'Nobody')).rejects.toThrow(/is not an e-mail address/);
  });
});

describe('npm run admin:promote', () => {
  // The command opens the shop's database as the shop does: DATABASE_URL for PostgreSQL, else
  // the SQLite file under DATA_DIR (here an app of its own on a fresh data folder).
  let dataDir: string;
  let own: TestApp | undefined;
  let app: TestApp['app'];
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-promote-'));
    if (t.database.postgresUrl) {
      app = t.app;
      return;
    }
    const database = openDatabase({ dataDir });
    await migrateToLatest(database);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    app = await buildApp({ config, database, webDir: dataDir, logger: false });
    own = { app, database, close: async () => { await app.close(); await database.db.destroy(); } };
  });
  afterAll(async () => {
    await own?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function command(script: string, ...args: string[]) {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    if (t.database.postgresUrl) env.DATABASE_URL = t.database.postgresUrl;
    else delete env.DATABASE_URL;
    return spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', env });
  }
  const promote = (...args: string[]) => command('scripts/admin-promote.ts', ...args);

  it('makes an existing account an administrator, and says so', async () => {
    const user = await signUpUser(app);
    expect((await app.inject({ method: 'GET', url: '/api/users', headers: user.headers })).statusCode).toBe(403);
    const run = promote(user.email.toUpperCase());
    expect(run.stdout).toContain('is now an administrator');
    expect(run.status).toBe(0);
    await noticesDelivered(t, app);
    const res = await app.inject({ method: 'GET', url: '/api/users', headers: user.headers });
    expect(res.statusCode).toBe(200);
  });

  it('fails with a clear message for an unknown e-mail or no argument', () => {
    const unknown = promote('nobody@example.test');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No account with the e-mail nobody@example.test');
    const none = promote();
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('Usage');
  });

  // Issue 43, point 8: a shop without the demo makes its real administrator without signing up first.
  it('npm run admin:create makes a new administrator and prints its password once; an existing address is refused', async () => {
    const email = `owner-${Date.now()}@example.test`;
    const run = command('scripts/admin-create.ts', email);
    expect(run.status, run.stderr).toBe(0);
    const password = /password: (\S+)/.exec(run.stdout)?.[1];
    expect(password, run.stdout).toBeDefined();
    expect(run.stdout).toContain(`${email} is a new administrator`);
    const { token } = await signIn(app, email, password!);
    const headers = { authorization: `Bearer ${token}` };
    expect((await app.inject({ method: 'GET', url: '/api/users', headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/account', headers })).json()).toMatchObject({ emailVerified: true });
    const again = command('scripts/admin-create.ts', email);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('exists already');
  });
});

describe('the demo administrator in production (issue 39, point 10)', () => {
  const base = { DATA_DIR: os.tmpdir(), MAIL_DISABLED: 'true', ALLOW_SANDBOX_IN_PRODUCTION: 'true' };

  it('is made by default outside production only, and in production only with SEED_DEMO_ADMIN=true', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).SEED_DEMO_ADMIN).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development', SEED_DEMO_DATA: 'false' }).SEED_DEMO_ADMIN).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).SEED_DEMO_ADMIN).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', SEED_DEMO_ADMIN: 'true' }).SEED_DEMO_ADMIN).toBe(true);
    expect(() => loadConfig({ ...base, SEED_DEMO_ADMIN: 'yes' })).toThrow(/SEED_DEMO_ADMIN/);
  });

  // Two real starts of the shop in production: the demo menu either way, the administrator only when asked.
  it('a production start seeds the demo menu but no administrator, unless SEED_DEMO_ADMIN=true', { timeout: 240_000 }, async () => {
    const env = { NODE_ENV: 'production', MAIL_DISABLED: 'true', ALLOW_SANDBOX_IN_PRODUCTION: 'true', SEED_DEMO_DATA: 'true', LOG_LEVEL: 'warn' };
    for (const [extra, expectAdmin] of [[{}, false], [{ SEED_DEMO_ADMIN: 'true' }, true]] as const) {
      const storage = await shopStorage();
      try {
        const shop = await ShopChild.start(storage, { ...env, ...extra });
        const menu = (await (await fetch(`${shop.url}/api/items`)).json()) as unknown[];
        // The administrator is made just after the shop listens: its line, or the time it would take.
        for (let waited = 0; waited < 5_000 && !shop.output.includes('A demo administrator was created'); waited += 100) await sleep(100);
        expect((await shop.stop()).code).toBe(0);
        expect(menu.length).toBeGreaterThan(0);
        expect(shop.output.includes('A demo administrator was created'), shop.output).toBe(expectAdmin);
        const db = await openShopDb({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl });
        const admins = await db.all<{ email: string }>("select email from users where role = 'admin'", []);
        await db.close();
        expect(admins.map((row) => row.email)).toEqual(expectAdmin ? [DEMO_ADMIN_EMAIL] : []);
      } finally {
        await storage.drop();
      }
    }
  });
});
