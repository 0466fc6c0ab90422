import type { APIRequestContext, Page } from '@playwright/test';
import type { MenuItem } from '../src/shared/menu.ts';
import { createAccount, newAccount, promoteToAdmin, signInThroughApi, type Account } from './auth-helpers.ts';
import { expect } from './fixtures.ts';

/** A new customer (or administrator), signed in through the login page as a person does. */
export async function signInAsNew(page: Page, request: APIRequestContext, options: { admin?: boolean } = {}): Promise<Account> {
  const account = newAccount(options.admin ? 'admin' : 'customer');
  await createAccount(request, account);
  if (options.admin) promoteToAdmin(account.email);
  await signInThroughApi(page, account);
  return account;
}

export async function menu(request: APIRequestContext): Promise<MenuItem[]> {
  const res = await request.get('/api/items');
  expect(res.ok()).toBe(true);
  return (await res.json()) as MenuItem[];
}

/** The price a cart charges for an item: its new price when it has one. */
export function cartPrice(item: MenuItem): number {
  return item.newPrice ?? item.price;
}

/** Adds an item to the signed-in page's cart through the API, with the page's own token. */
export async function addToCartViaApi(page: Page, itemId: string): Promise<void> {
  await page.evaluate(async (id) => {
    const res = await fetch('/api/cart', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('access-token')}` },
      body: JSON.stringify({ itemId: id }),
    });
    if (res.status !== 201) throw new Error(`add to cart: ${res.status}`);
  }, itemId);
}

/** The signed-in page's own payments, read through the API. */
export async function myPayments(page: Page): Promise<unknown[]> {
  return page.evaluate(async () => {
    const res = await fetch('/api/payments', { headers: { authorization: `Bearer ${localStorage.getItem('access-token')}` } });
    return (await res.json()) as unknown[];
  });
}

export function headerCartCount(page: Page) {
  return page.getByRole('banner').getByTestId('cart-count');
}

/** Fills the sandbox's card form (ZIP code and contact number are the delivery's now, in the first step). */
export async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('1240');
  await page.getByLabel('CVC').fill('123');
}
