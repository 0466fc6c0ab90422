import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoAdmin, DEMO_ADMIN_EMAIL } from '../src/server/auth/demo-admin.ts';
import { signIn, signUpUser } from './helpers/auth.ts';
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
});

describe('npm run admin:promote', () => {
  // The command works on the shop's own database; SQLite only (a file the child process can open).
  const sqlite = !process.env.TEST_DATABASE_URL;
  let dataDir: string;
  let promoteApp: TestApp | undefined;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-promote-'));
  });
  afterAll(async () => {
    await promoteApp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function promote(...args: string[]) {
    return spawnSync(process.execPath, ['scripts/admin-promote.ts', ...args], {
      encoding: 'utf8',
      env: { ...withoutDatabaseUrl(process.env), DATA_DIR: dataDir },
    });
  }

  it.runIf(sqlite)('makes an existing account an administrator, and says so', async () => {
    // The app of this test runs on the same data folder as the command.
    const { openDatabase } = await import('../src/server/db/database.ts');
    const { migrateToLatest } = await import('../src/server/db/migrate.ts');
    const { buildApp } = await import('../src/server/app.ts');
    const { loadConfig } = await import('../src/server/config.ts');
    const database = openDatabase({ dataDir });
    await migrateToLatest(database);
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), database, webDir: dataDir, logger: false });
    promoteApp = { app, database, close: async () => { await app.close(); await database.db.destroy(); } };
    const user = await signUpUser(app);
    const run = promote(user.email.toUpperCase());
    expect(run.stdout).toContain('is now an administrator');
    expect(run.status).toBe(0);
    const res = await app.inject({ method: 'GET', url: '/api/users', headers: user.headers });
    expect(res.statusCode).toBe(200);
  });

  it.runIf(sqlite)('fails with a clear message for an unknown e-mail or no argument', () => {
    const unknown = promote('nobody@example.test');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No account with the e-mail nobody@example.test');
    const none = promote();
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('Usage');
  });
});

function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  delete copy.DATABASE_URL;
  return copy;
}
