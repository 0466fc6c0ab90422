import { request as playwrightRequest, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { FulfilmentRequest, Order } from '../src/shared/orders.ts';
import { captchaAnswer, createAccount, newAccount, promoteToAdmin, signInThroughApi, type Account } from './auth-helpers.ts';
import { expect, test, waitForApp } from './fixtures.ts';

/**
 * What the order browser tests share: staff made through the product (an administrator's PATCH
 * /api/users/role/{id}), orders placed through the payment page or, where a test needs many, through
 * the same API calls the page makes.
 */

/** Signs an account in through the API (with a captcha read like a person reads it) and answers its bearer token. */
export async function apiToken(request: APIRequestContext, account: Account): Promise<string> {
  const captcha = await request.post('/api/captcha', { data: {} });
  expect(captcha.status()).toBe(201);
  const { id } = (await captcha.json()) as { id: string };
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password, captchaId: id, captchaAnswer: captchaAnswer(id) },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const token = await request.post('/api/jwt', { data: { email: account.email } });
  expect(token.status(), await token.text()).toBe(200);
  return ((await token.json()) as { token: string }).token;
}

/** A new administrator (the shop's promote command) and its bearer token, in a context of its own. */
export async function newAdmin(browser: Browser): Promise<{ account: Account; headers: Record<string, string>; context: BrowserContext }> {
  const account = newAccount('admin');
  const context = await browser.newContext();
  await createAccount(context.request, account);
  promoteToAdmin(account.email);
  const token = await apiToken(context.request, account);
  return { account, headers: { authorization: `Bearer ${token}` }, context };
}

/** A dish of the test's own, added by `admin` (POST /api/items), so the demo menu stays as it is for the other tests; answers its id. */
export async function addDishViaApi(admin: { headers: Record<string, string>; context: BrowserContext }, dish: object): Promise<string> {
  const created = await admin.context.request.post('/api/items', { headers: admin.headers, data: dish });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { insertedId: string }).insertedId;
}

/**
 * One administrator per worker and shop for the role changes tests ask for: made once (a sign-up,
 * the promote command and a sign-in cost a second or more), its bearer token kept.
 */
const workerAdmins = new Map<string, Promise<{ api: APIRequestContext; headers: Record<string, string> }>>();

function workerAdmin(baseURL: string): Promise<{ api: APIRequestContext; headers: Record<string, string> }> {
  let admin = workerAdmins.get(baseURL);
  if (!admin) {
    admin = (async () => {
      const api = await playwrightRequest.newContext({ baseURL });
      const account = newAccount('admin');
      await createAccount(api, account);
      promoteToAdmin(account.email);
      return { api, headers: { authorization: `Bearer ${await apiToken(api, account)}` } };
    })();
    // A failed making is not kept: the next test makes one again.
    admin.catch(() => workerAdmins.delete(baseURL));
    workerAdmins.set(baseURL, admin);
  }
  return admin;
}

/** Makes an existing account staff the way an administrator does: PATCH /api/users/role/{id}. */
export async function makeStaff(email: string): Promise<void> {
  const { api, headers } = await workerAdmin(test.info().project.use.baseURL!);
  const users = (await (await api.get(`/api/users?q=${encodeURIComponent(email)}`, { headers })).json()) as { _id: string; email: string }[];
  const user = users.find((u) => u.email === email);
  expect(user, `user ${email}`).toBeDefined();
  const res = await api.patch(`/api/users/role/${user!._id}`, { headers, data: { role: 'staff' } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Signs a page in (through the API: the login page's own tests are in auth.spec.ts). */
export async function signIn(page: Page, account: Account): Promise<void> {
  await signInThroughApi(page, account);
}

/** A new member of staff, made staff by an administrator, signed in on `page`. */
export async function signInAsNewStaff(page: Page, request: APIRequestContext): Promise<Account> {
  const account = newAccount('staff');
  await createAccount(request, account);
  await makeStaff(account.email);
  await signIn(page, account);
  return account;
}

/** The payment page's first step: eat here, at `table`; then the card form opens. */
export async function chooseTable(page: Page, table = '12', note?: string): Promise<void> {
  await page.getByRole('radio', { name: /Eat here/ }).check();
  await page.getByLabel('Table', { exact: true }).fill(table);
  if (note !== undefined) await page.getByLabel('Note to the kitchen (optional)').fill(note);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: '1. Eat here' })).toBeVisible();
}

/**
 * A paid order made with the calls the payment page makes (cart, intent with the fulfilment, the
 * sandbox's confirmation with the test card, the payment record), from the signed-in page.
 */
export async function placeOrderViaApi(page: Page, itemIds: string[], fulfilment: FulfilmentRequest = { type: 'table', table: '7' }): Promise<Order> {
  return page.evaluate(
    async ({ itemIds, fulfilment }) => {
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('access-token')}` };
      const post = async (path: string, body: unknown) => {
        const res = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
        if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      for (const itemId of itemIds) await post('/api/cart', { itemId });
      const intent = await post('/api/create-payment-intent', { fulfilment });
      await post(`/api/sandbox/payment-intents/${intent.intentId}/confirm`, {
        clientSecret: intent.clientSecret,
        card: { number: '4242424242424242', expiry: '12 / 40', cvc: '123' },
        billingDetails: { email: 'unknown', name: 'anonymous' },
      });
      return (await post('/api/payment', { transactionId: intent.intentId })).order;
    },
    { itemIds, fulfilment },
  );
}

/**
 * Counts the oscillators the page starts (the board's chime is made of them), through a wrapper
 * installed before the page's own scripts: the app has no hook for tests.
 */
export async function countChimes(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const counter = window as unknown as { __oscillatorsStarted: number };
    counter.__oscillatorsStarted = 0;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: Parameters<OscillatorNode['start']>) {
      counter.__oscillatorsStarted += 1;
      return start.apply(this, args);
    };
  });
}

export function oscillatorsStarted(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __oscillatorsStarted: number }).__oscillatorsStarted);
}

/** The board's card of order `number`, wherever it is. */
export function boardCard(page: Page, number: number) {
  return page.getByTestId('order-card').filter({ has: page.getByRole('heading', { name: `#${number}`, exact: true }) });
}

/** Opens one of the order pages by its address, as a bookmark or a reload does, once the app runs. */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForApp(page);
}
