import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { freePort } from '../scripts/free-port.ts';
import type { MenuItem } from '../src/shared/menu.ts';
import type { Order } from '../src/shared/orders.ts';
import { captchaAnswer, logIn, newAccount, promoteToAdmin, trackCaptcha, type Account } from './auth-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

/**
 * The admin home's statistics against orders this file places. The suite's shared shop takes
 * orders and sign-ups from every other test at the same time, so these tests run a shop of their
 * own (its own port and data folder): its figures are exactly the ones placed here.
 */
test.describe.configure({ mode: 'serial' });

let shop: ChildProcess;
let base: string;
let dir: string;
let api: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-stats-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  shop = spawn(process.execPath, ['src/server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      RATE_LIMIT_SIGN_IN: '10000',
      RATE_LIMIT_SIGN_UP: '10000',
      RATE_LIMIT_CAPTCHA: '10000',
      RATE_LIMIT_TOKEN: '10000',
    },
  });
  await expect
    .poll(async () => (await fetch(`${base}/api/items`).catch(() => undefined))?.ok ?? false, { timeout: 100_000, intervals: [250] })
    .toBe(true);
  api = await playwrightRequest.newContext({ baseURL: base });
});

test.afterAll(async () => {
  await api?.dispose();
  if (shop && shop.exitCode === null) {
    const exited = new Promise((resolve) => shop.once('exit', resolve));
    shop.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

/** An account of this file's shop, and its bearer token (signed in through the captcha, as the app does). */
async function accountWithToken(label: string, admin = false): Promise<{ account: Account; headers: Record<string, string> }> {
  const account = newAccount(label);
  const context = await playwrightRequest.newContext({ baseURL: base });
  try {
    expect((await context.post('/api/auth/sign-up/email', { data: account })).status()).toBe(200);
    if (admin) promoteToAdmin(account.email, dir);
    const { id } = (await (await context.post('/api/captcha', { data: {} })).json()) as { id: string };
    const signIn = await context.post('/api/auth/sign-in/email', {
      data: { email: account.email, password: account.password, captchaId: id, captchaAnswer: captchaAnswer(id, dir) },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
    const token = await context.post('/api/jwt', { data: { email: account.email } });
    return { account, headers: { authorization: `Bearer ${((await token.json()) as { token: string }).token}` } };
  } finally {
    await context.dispose();
  }
}

/** A paid order through the calls the payment page makes. */
async function placeOrder(headers: Record<string, string>, itemIds: string[], fulfilment: object): Promise<Order> {
  const post = async (url: string, data: unknown) => {
    const res = await api.post(url, { headers, data });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    return res.json();
  };
  for (const itemId of itemIds) await post('/api/cart', { itemId });
  const intent = await post('/api/create-payment-intent', { fulfilment });
  await post(`/api/sandbox/payment-intents/${intent.intentId}/confirm`, {
    clientSecret: intent.clientSecret,
    card: { number: '4242424242424242', expiry: '12 / 40', cvc: '123' },
    billingDetails: { email: 'unknown', name: 'anonymous' },
  });
  return (await post('/api/payment', { transactionId: intent.intentId })).order as Order;
}

async function signInPage(page: Page, account: Account): Promise<void> {
  const currentCaptcha = trackCaptcha(page);
  await page.goto(`${base}/login`);
  await logIn(page, account, currentCaptcha, dir);
  await expect(page).toHaveURL(`${base}/`);
}

const money = (cents: number) => `$ ${(cents / 100).toFixed(2)}`;
const cents = (price: number) => Math.round(price * 100);

let admin: Awaited<ReturnType<typeof accountWithToken>>;
let cora: Awaited<ReturnType<typeof accountWithToken>>;
let dishes: MenuItem[];
let orders: Order[];

test('the admin home: last 7 days in tiles, a chart as a table, and the CSV of its orders', async ({ page }) => {
  test.setTimeout(120_000);
  dishes = (await (await api.get('/api/items')).json()) as MenuItem[];
  const [first, second, third] = dishes;
  admin = await accountWithToken('admin', true);
  cora = await accountWithToken('cora');
  const dan = await accountWithToken('dan');
  orders = [
    await placeOrder(cora.headers, [first!._id, first!._id, second!._id], { type: 'table', table: '5' }),
    await placeOrder(cora.headers, [third!._id], { type: 'pickup' }),
    await placeOrder(dan.headers, [second!._id], { type: 'delivery', address: { line1: '1 Main St', city: 'Town', postalCode: '12345' }, phone: '+1 555 0100' }),
  ];
  // Dan's order is rejected, and his money given back.
  const rejected = await api.post(`/api/staff/orders/${orders[2]!._id}/status`, { headers: admin.headers, data: { status: 'rejected', reason: 'Out of beets' } });
  expect(rejected.status(), await rejected.text()).toBe(200);

  const paid = orders.reduce((sum, o) => sum + cents(o.total), 0);
  const refunded = cents(orders[2]!.total);

  await signInPage(page, admin.account);
  await page.goto(`${base}/dashboard/adminHome?period=today`);
  const periods = page.getByRole('navigation', { name: 'Period' });
  await expect(periods.getByRole('link', { name: 'Today' })).toHaveAttribute('aria-current', 'page');
  await periods.getByRole('link', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/\/dashboard\/adminHome\?period=last7$/);
  await expect(periods.getByRole('link', { name: 'Last 7 days' })).toHaveAttribute('aria-current', 'page');

  // Orders, revenue and average count the same orders: Dan's, refunded in full, in none of them.
  await expect(page.getByTestId('stat-total-orders')).toHaveText('2');
  await expect(page.getByTestId('stat-revenue')).toHaveText(money(paid - refunded));
  await expect(page.getByTestId('stat-average-order')).toHaveText(money(Math.round((paid - refunded) / 2)));
  await expect(page.getByTestId('stat-refunds')).toHaveText(money(refunded));
  // Cora and Dan; the administrator is not a customer.
  await expect(page.getByTestId('stat-customer')).toHaveText('2');
  await expect(page.getByTestId('stat-total-items')).toHaveText(String(dishes.length));
  // A new shop: nothing before this week to compare with, and no placeholder left.
  await expect(page.getByTestId('stat-revenue-change')).toContainText('no earlier data');
  await expect(page.getByText(/From January 1st|↗︎ 400 \(22%\)|↘︎ 90 \(14%\)/)).toHaveCount(0);

  // The top dishes as a table: Dan's refunded dish is not counted.
  const card = page.getByRole('region', { name: 'Top 10 dishes by plates sold', exact: true });
  await card.getByRole('button', { name: 'Show table' }).click();
  await expect(card.getByRole('button', { name: 'Show chart' })).toHaveAttribute('aria-pressed', 'true');
  const rows = card.getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1).getByRole('rowheader')).toHaveText(first!.name);
  await expect(rows.nth(1).getByRole('cell').first()).toHaveText('2');
  for (const dish of [second!, third!]) await expect(card.getByRole('row', { name: new RegExp(dish.name) })).toContainText('1');
  await expectAccessible(page);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download orders (CSV)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF"Date and time')).toBe(true);
  const lines = text.slice(1).split('\r\n').filter(Boolean);
  expect(lines).toHaveLength(1 + 4);
  const cells = lines.slice(1).map((line) => line.slice(1, -1).split('","'));
  expect(cells.map((c) => [c[1], c[4], c[5], c[11]])).toEqual([
    [String(orders[0]!.number), first!.name, '2', '0.00'],
    [String(orders[0]!.number), second!.name, '1', '0.00'],
    [String(orders[1]!.number), third!.name, '1', '0.00'],
    [String(orders[2]!.number), second!.name, '1', (refunded / 100).toFixed(2)],
  ]);
  expect(cells[3]![2]).toBe('Rejected');
});

test('the customer’s home: their orders, money spent, favourite dish and last order', async ({ page }) => {
  await signInPage(page, cora.account);
  await page.goto(`${base}/dashboard/userHome`);
  await expect(page.getByTestId('summary-orders')).toHaveText('2');
  await expect(page.getByTestId('summary-spent')).toHaveText(money(cents(orders[0]!.total) + cents(orders[1]!.total)));
  await expect(page.getByTestId('summary-favourite')).toContainText(dishes[0]!.name);
  await expectAccessible(page);
  await page.getByRole('link', { name: `Order #${orders[1]!.number}` }).click();
  await expect(page).toHaveURL(`${base}/dashboard/my/orders/${orders[1]!._id}`);
  await expect(page.getByRole('heading', { name: `Order #${orders[1]!.number}` })).toBeVisible();
});
