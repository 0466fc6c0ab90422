import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import type { MenuItem } from '../src/shared/menu.ts';
import { createAccount, newAccount, promoteToAdmin, type Account } from './auth-helpers.ts';
import { expect } from './fixtures.ts';
import { apiToken, makeStaff } from './order-helpers.ts';

/**
 * What e2e/accessibility.spec.ts needs to bring each page into the state a person sees: signed in
 * as one of the four roles, with real content, every lazy section drawn.
 */

export type Role = 'customer' | 'staff' | 'admin';

export interface SignedIn {
  account: Account;
  /** The bearer token of the account, for the API calls that make a test's content. */
  headers: Record<string, string>;
}

/**
 * A new account of `role`, signed in on the page's browser context through the API (the page's
 * request shares its cookies): the app finds the session on its next page. The login page itself
 * has its own checks.
 */
export async function signInAs(page: Page, role: Role): Promise<SignedIn> {
  const account = newAccount(role);
  await createAccount(page.request, account);
  if (role === 'admin') promoteToAdmin(account.email);
  if (role === 'staff') await makeStaff(account.email);
  const token = await apiToken(page.request, account);
  return { account, headers: { authorization: `Bearer ${token}` } };
}

/** Opens `path` signed in and waits for the app to hold its bearer token, which the API helpers read. */
export async function openSignedIn(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access-token'))).not.toBeNull();
}

/**
 * Scrolls down a screen at a time to the end, so that the sections drawn when near are in place:
 * done when the end is in view and the page did not grow in the last step.
 */
export async function scrollToTheEnd(page: Page): Promise<void> {
  const measure = () =>
    page.evaluate(() => ({ height: document.documentElement.scrollHeight, atEnd: window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2 }));
  let before = await measure();
  for (let i = 0; i < 40; i++) {
    await page.mouse.wheel(0, 1200);
    await page.waitForTimeout(100);
    const now = await measure();
    if (now.atEnd && now.height === before.height && i >= 1) break;
    before = now;
  }
  // Nothing waits for its code or data any more.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** A dish of its own with a size and extras, made by an administrator; `remove` takes it off the menu again. */
export async function dishWithOptions(request: APIRequestContext, admin: SignedIn): Promise<{ dish: MenuItem; remove: () => Promise<void> }> {
  const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#4d7c0f' } }).jpeg().toBuffer();
  const upload = await request.post('/api/images', { headers: admin.headers, multipart: { image: { name: 'bowl.jpg', mimeType: 'image/jpeg', buffer: picture } } });
  expect(upload.status(), await upload.text()).toBe(201);
  const name = `Axe Bowl ${Math.random().toString(36).slice(2, 7)}`;
  const created = await request.post('/api/items', {
    headers: admin.headers,
    data: {
      name,
      category: 'raw-special',
      price: 12,
      recipe: 'Leaves, sprouts and seeds with a lemon dressing.',
      image: (await upload.json()).data.display_url,
      options: [
        { name: 'Size', min: 1, max: 1, choices: [{ name: 'Small', price: 0 }, { name: 'Large', price: 2 }] },
        { name: 'Extras', min: 0, max: 2, choices: [{ name: 'Avocado', price: 1.5 }, { name: 'Sesame', price: 0.5 }] },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).insertedId as string;
  const dish = (await (await request.get(`/api/items/${id}`)).json()) as MenuItem;
  return {
    dish,
    remove: async () => {
      const res = await request.delete(`/api/items/${id}`, { headers: admin.headers });
      expect([200, 404]).toContain(res.status());
    },
  };
}
