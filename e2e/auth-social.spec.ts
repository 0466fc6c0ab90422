import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import { freePort } from '../scripts/free-port.ts';
import { expect, test } from './fixtures.ts';

/**
 * Social sign-in in the browser: a real OpenID Connect server on this machine, and a second shop
 * server configured with it (the suite's own server has no provider, and shows no button).
 */
let oidc: OAuth2Server;
let shop: ChildProcess;
let shopUrl: string;
let dataDir: string;
let claims: Record<string, unknown> = { sub: 'sam-1', email: 'sam.social@example.test', email_verified: true, name: 'Sam Social' };

// One shop server and one OIDC server for the file.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  oidc.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-social-'));
  const port = await freePort();
  shopUrl = `http://127.0.0.1:${port}`;
  shop = spawn(process.execPath, ['src/server/main.ts'], {
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      OIDC_ISSUER: oidc.issuer.url!,
      OIDC_CLIENT_ID: 'raw-roots-e2e',
      OIDC_CLIENT_SECRET: 'e2e-secret',
      OIDC_PROVIDER_NAME: 'Google',
    },
  });
  await expect
    .poll(async () => (await fetch(`${shopUrl}/api/auth-providers`).catch(() => undefined))?.status, { timeout: 60_000 })
    .toBe(200);
});

test.afterAll(async () => {
  shop?.kill();
  await oidc?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('no social button when no provider is configured', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('img', { name: /Captcha/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Continue with/ })).toHaveCount(0);
});

test('the log-in page comes with its social button, before any script has run', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`${shopUrl}/login`);
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('sign in with Google through a 500×600 popup, then come back signed in', async ({ page }) => {
  claims = { sub: 'sam-1', email: 'sam.social@example.test', email_verified: true, name: 'Sam Social' };
  // Records how the page opens the popup (its size is the spec's 500×600).
  await page.addInitScript(() => {
    const open = window.open.bind(window);
    window.open = (...args: Parameters<typeof window.open>) => {
      (window as unknown as { popupFeatures: string }).popupFeatures = String(args[2]);
      return open(...args);
    };
  });
  await page.goto(`${shopUrl}/login`);
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  const features = await page.evaluate(() => (window as unknown as { popupFeatures: string }).popupFeatures);
  expect(features).toContain('width=500');
  expect(features).toContain('height=600');
  if (!popup.isClosed()) await popup.waitForEvent('close');

  await expect(page.getByText('login successfully')).toBeVisible();
  await expect(page).toHaveURL(`${shopUrl}/`);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Sam Social')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toMatch(/^ey/);

  const registered = await page.evaluate(async () => {
    const token = localStorage.getItem('access-token');
    const res = await fetch('/api/users', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Sam Social', email: 'sam.social@example.test' }),
    });
    return res.json();
  });
  // The page recorded the user already: a second POST /api/users finds them.
  expect(registered).toEqual({ insertedId: null, message: 'user already exists' });
});

test('an e-mail that already has a password account gets a clear message, not a sign-in', async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/401/);
  const taken = { name: 'Pat', email: 'pat.password@example.test', password: 'pat-lantern-orchard-1' };
  const made = await fetch(`${shopUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(taken),
  });
  expect(made.status).toBe(200);
  claims = { sub: 'pat-1', email: taken.email, email_verified: true, name: 'Not Pat' };
  await page.goto(`${shopUrl}/login`);
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  if (!popup.isClosed()) await popup.waitForEvent('close');
  await expect(page.getByRole('alert')).toHaveText('An account with this e-mail already exists. Log in with your e-mail and password.');
  await expect(page).toHaveURL(`${shopUrl}/login`);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' })).toBeVisible();
});

test("Better Auth's error address shows the shop's words only, never the address's text", async ({ page }) => {
  const lure = 'Your account is locked, call +1 900 555 0100';
  await page.goto(`/api/auth/error?error=${encodeURIComponent(lure)}&error_description=${encodeURIComponent(lure)}`);
  await expect(page).toHaveURL(/\/auth\/social-done\?error=unknown$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in did not complete' })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('900 555');
});
