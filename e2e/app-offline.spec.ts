import type { Page } from '@playwright/test';
import { menu, signInAsNew } from './cart-helpers.ts';
import { expect, test, waitForApp } from './fixtures.ts';

// These tests need the shop's service worker, which the other browser tests keep off.
test.use({ serviceWorkers: 'allow' });

/** After the first visit: the service worker is installed, controls the page, and has kept the menu. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration?.active || !navigator.serviceWorker.controller) return false;
    const kept = await caches.open('public-api').then((cache) => cache.match('/api/items'));
    return kept !== undefined;
  }, undefined, { timeout: 30_000, polling: 250 });
}

test.describe('the installable app', () => {
  test('Chromium finds the shop installable: a manifest with its icons and a service worker', async ({ page, request }) => {
    await page.goto('/');
    await waitForApp(page);
    await waitForServiceWorker(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);

    const manifestAnswer = await request.get('/manifest.webmanifest');
    expect(manifestAnswer.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await manifestAnswer.json()) as { icons: { src: string; sizes: string; purpose: string }[]; shortcuts: { url: string }[] };
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
    expect(manifest.shortcuts.map((s) => s.url)).toEqual(['/order', '/dashboard/my/orders']);
  });

  test('after one visit the menu opens offline with a banner, a failed request says why, and all works again online', async ({ page, request, context }) => {
    const dish = (await menu(request)).find((item) => item.category === 'salad')!;
    await signInAsNew(page, request);
    await page.goto('/');
    await waitForApp(page);
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await page.goto('/order/salad');
    await expect(page.getByText('You are offline.')).toBeVisible();
    await expect(page.getByRole('heading', { name: dish.name, exact: true })).toBeVisible();

    // The cart is never kept by the service worker: without a connection the page says why it cannot load it.
    await page.goto('/dashboard/my/cart');
    await expect(page.getByRole('alert')).toContainText('No internet connection — your cart is kept');

    await context.setOffline(false);
    await expect(page.getByText('You are offline.')).toBeHidden();
    await page.goto('/order/salad');
    await page.getByRole('article').filter({ has: page.getByRole('heading', { name: dish.name, exact: true }) }).getByRole('button', { name: 'Take on table' }).click();
    await expect(page.getByText(`${dish.name} is on your table`)).toBeVisible();
  });

  test('signed-in answers and the payment are never kept by the service worker', async ({ page, request }) => {
    await signInAsNew(page, request);
    await page.goto('/dashboard/my/cart');
    await waitForApp(page);
    await waitForServiceWorker(page);
    await page.reload();
    await waitForApp(page);
    const keptUrls = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        if (name.includes('precache')) continue;
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(keptUrls.filter((url) => /^\/api\/(carts|cart|payments|orders|auth|users|admin|staff)/.test(url))).toEqual([]);
    expect(keptUrls).toContain('/api/items');
  });
});
