import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { APIRequestContext, Page } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { expect } from './fixtures.ts';

/**
 * What the accounts browser tests share. The captcha's answer is read from the e2e server's own
 * database file (E2E_DATA_DIR), the way a person reads the picture: the server has no switch
 * that skips the check.
 */
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the browser tests with npm run test:e2e');
  return dir;
}

export function captchaAnswer(id: string, dir = dataDir()): string {
  const db = new DatabaseSync(path.join(dir, 'shop.sqlite'), { readOnly: true });
  try {
    const row = db.prepare('select answer from captchas where id = ?').get(id) as { answer: string } | undefined;
    if (!row) throw new Error(`no captcha ${id}`);
    return row.answer;
  } finally {
    db.close();
  }
}

/**
 * Follows the captchas the page loads: the one the server draws into the log-in page it sends
 * (in the page's data), then each POST /api/captcha; answers the id of the latest. The picture can
 * show before the answer's body has been read here, so the reader waits for it.
 */
export function trackCaptcha(page: Page): () => Promise<string> {
  let latest: string | undefined;
  // Bodies are read in parallel: the latest is the one whose response came last, not whose body did.
  let responses = 0;
  let latestResponse = 0;
  const found = (response: number, id: string | undefined) => {
    if (id && response > latestResponse) [latest, latestResponse] = [id, response];
  };
  page.on('response', async (response) => {
    const order = ++responses;
    // A page that navigates away first drops the body; the next page loads its own captcha.
    if (response.url().endsWith('/api/captcha') && response.request().method() === 'POST' && response.status() === 201) {
      const body = (await response.json().catch(() => undefined)) as { id: string } | undefined;
      found(order, body?.id);
    } else if (response.request().resourceType() === 'document' && new URL(response.url()).pathname === '/login') {
      const html = await response.text().catch(() => '');
      const data = /<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(html)?.[1];
      found(order, data ? (JSON.parse(data) as { captcha?: { id: string } }).captcha?.id : undefined);
    }
  });
  return async () => {
    await expect.poll(() => latest, { message: 'no captcha loaded yet' }).toBeDefined();
    return latest!;
  };
}

export interface Account {
  name: string;
  email: string;
  password: string;
}

export function newAccount(label = 'customer'): Account {
  const tag = randomBytes(4).toString('hex');
  return { name: `${label[0]!.toUpperCase()}${label.slice(1)} ${tag}`, email: `${label}-${tag}@example.test`, password: `pw-${tag}-secret` };
}

/** Makes an account through the shop's API (with its own cookie jar, so the page stays signed out). */
export async function createAccount(request: APIRequestContext, account: Account): Promise<void> {
  const res = await request.post('/api/auth/sign-up/email', { data: account });
  expect(res.status(), await res.text()).toBe(200);
}

/** The shop's own command, on the e2e server's database (or the one in `dir`). */
export function promoteToAdmin(email: string, dir = dataDir()): void {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
  delete env.DATABASE_URL;
  const run = spawnSync(process.execPath, ['scripts/admin-promote.ts', email], { encoding: 'utf8', env });
  expect(run.status, run.stderr).toBe(0);
}

/** Logs in through the login page as a person does: reads the picture, types, leaves the field. */
export async function logIn(page: Page, account: Account, currentCaptcha: () => Promise<string>, dir = dataDir()): Promise<void> {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await expect(page.getByRole('img', { name: /Captcha/ })).toBeVisible();
  await page.getByLabel('Type the captcha above').fill(captchaAnswer(await currentCaptcha(), dir));
  await page.getByLabel('Type the captcha above').blur();
  await expect(page.getByText('Captcha matched.')).toBeVisible();
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * Signs `account` in on the page's own cookies through the API, then opens the home page once the
 * app holds its bearer token: the tests that are not about signing in skip the login page, which
 * auth.spec.ts drives as a person does.
 */
export async function signInThroughApi(page: Page, account: Account): Promise<void> {
  const captcha = await page.request.post('/api/captcha', { data: {} });
  expect(captcha.status()).toBe(201);
  const { id } = (await captcha.json()) as { id: string };
  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password, captchaId: id, captchaAnswer: captchaAnswer(id) },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  await page.goto('/');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access-token'))).not.toBeNull();
}

/** The latest mail the shop wrote to `to` with this subject, read back from the outbox. */
export async function mailTo(to: string, subject: RegExp): Promise<ParsedMail> {
  const outbox = path.join(dataDir(), 'outbox');
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')).sort() : [];
        for (const file of files.reverse()) {
          const mail = await simpleParser(fs.readFileSync(path.join(outbox, file)));
          if ([mail.to].flat().some((a) => a?.text.includes(to)) && subject.test(mail.subject ?? '')) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${to} about ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

