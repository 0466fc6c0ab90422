import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import type { MenuItem } from '../../src/shared/menu.ts';
import { testAddress, uniqueEmail } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 39, point 4: a request's Host never names the shop. Without PUBLIC_URL (a local start) the
 * links mailed for a reset, a verification and an address change, and the dish page with its
 * cache key, come from the listening address; a forged Host changes none of them.
 */
const EVIL = 'evil.example';
const INDEX_HTML = `<!doctype html><html><head><title>Raw Roots</title></head><body><div id="root"><!--app-html--><!--/app-html--></div></body></html>`;
// The stand-in renderer counts its drawings in the process, so the test sees a page drawn again.
const RENDERER = `
export const SERVER_RENDERED_PATHS = ['/'];
export const REVIEW_PATHS = [];
export const CAPTCHA_PATHS = [];
export const MENU_PREVIEW_PATHS = [];
export const ITEMS_PER_BLOCK = 4;
export async function renderPage(pathname, { dish }) {
  globalThis.hostTestRenders = (globalThis.hostTestRenders ?? 0) + 1;
  return { head: '', body: '<main>' + (dish ? dish.name : '') + '</main>', data: '' };
}
`;

let t: TestApp;
let dataDir: string;
let dist: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'host-header-'));
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'host-build-'));
  fs.mkdirSync(path.join(dist, 'web', 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'web', 'index.html'), INDEX_HTML);
  fs.mkdirSync(path.join(dist, 'server-render'));
  fs.writeFileSync(path.join(dist, 'server-render', 'server-render.js'), RENDERER);
  // No PUBLIC_URL and no SMTP_URL: mails land in DATA_DIR/outbox, as with `npm start`.
  t = await createTestApp({
    seed: true,
    webDir: path.join(dist, 'web'),
    env: { DATA_DIR: dataDir, PORT: '3000', MAIL_DISABLED: 'false', MAIL_POLL_MS: '50', RATE_LIMIT_MAIL: '1000', RATE_LIMIT_SIGN_UP: '1000' },
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(dist, { recursive: true, force: true });
});

/** Every link of every mail written to the outbox so far. */
async function mailedLinks(): Promise<string[]> {
  await t.app.mail.idle();
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  const text = fs.readdirSync(outbox).map((file) => fs.readFileSync(path.join(outbox, file), 'utf8')).join('\n').replace(/=\r?\n/g, '');
  return [...text.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]).filter((link) => link.includes('token'));
}

describe('links in mails come from PUBLIC_URL, never from Host', () => {
  it('reset, verification and address-change links name the listening address however Host is forged', async () => {
    const email = uniqueEmail('host');
    const password = 'pw-host-header-1234';
    const headers = { host: EVIL, 'x-forwarded-host': EVIL };
    const signUp = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers, payload: { name: 'Hosted', email, password }, remoteAddress: testAddress() });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const cookie = signUp.cookies.filter((c) => c.name.endsWith('session_token')).map((c) => `${c.name}=${c.value}`)[0]!;

    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', headers, payload: { email }, remoteAddress: testAddress() });
    expect(reset.statusCode, reset.body).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/account/verification-email', headers: { ...headers, cookie }, remoteAddress: testAddress() });
    expect(again.statusCode, again.body).toBe(200);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/account/email',
      headers: { ...headers, cookie },
      payload: { newEmail: uniqueEmail('moved'), currentPassword: password },
      remoteAddress: testAddress(),
    });
    expect(change.statusCode, change.body).toBe(200);

    const links = await mailedLinks();
    const paths = links.map((link) => new URL(link).pathname);
    expect(paths).toEqual(expect.arrayContaining(['/verify-email', '/reset-password', '/confirm-email']));
    for (const link of links) expect(new URL(link).origin, link).toBe('http://localhost:3000');
  });
});

describe('pages are drawn for the shop, not for the Host asked', () => {
  it('names the shop in the dish page whatever Host, and draws it once for any number of hosts', async () => {
    const dish = (await t.app.inject({ method: 'GET', url: '/api/items' })).json<MenuItem[]>()[0]!;
    const g = globalThis as { hostTestRenders?: number };
    const before = g.hostTestRenders ?? 0;
    for (const host of ['localhost:3000', EVIL, 'a.evil.example', 'b.evil.example:8443']) {
      const res = await t.app.inject({ method: 'GET', url: `/item/${dish._id}`, headers: { host } });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('evil.example');
      expect(res.body).toContain(`http://localhost:3000/item/${dish._id}`);
    }
    expect((g.hostTestRenders ?? 0) - before).toBe(1);
  });
});

describe('PUBLIC_URL in the configuration', () => {
  const base = { NODE_ENV: 'development', DATA_DIR: os.tmpdir() };

  it('defaults to the address the shop listens on while no mail reaches an inbox', () => {
    expect(loadConfig(base).publicOrigin).toBe('http://localhost:3000');
    expect(loadConfig({ ...base, HOST: '127.0.0.1', PORT: '4324' }).publicOrigin).toBe('http://127.0.0.1:4324');
    expect(loadConfig({ ...base, HOST: '::1', PORT: '4000' }).publicOrigin).toBe('http://[::1]:4000');
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://shop.example.com/' }).publicOrigin).toBe('https://shop.example.com');
  });

  it('is required as soon as mail can be sent: with SMTP_URL, and in production with mail', () => {
    expect(() => loadConfig({ ...base, SMTP_URL: 'smtp://mail.example:587' })).toThrow(/PUBLIC_URL: required when mail is sent/);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587', ALLOW_SANDBOX_IN_PRODUCTION: 'true' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ ...base, NODE_ENV: 'production', MAIL_DISABLED: 'true', ALLOW_SANDBOX_IN_PRODUCTION: 'true' }).publicOrigin).toBe('http://localhost:3000');
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'ftp://shop.example' })).toThrow(/PUBLIC_URL/);
  });
});
