import type { Page } from '@playwright/test';
import type { MenuItem } from '../src/shared/menu.ts';
import { menu, signInAsNew } from './cart-helpers.ts';
import { expect, expectAccessible, test, waitForApp } from './fixtures.ts';

/**
 * Dish pages, labels, search and sold out (docs/product.md §18), as a customer meets them. The
 * browser tests share one shop: a test that changes a dish makes its own.
 */

/** Opens the order page's "Diet and allergens" and hides the dishes that contain `allergen`. */
async function hideContaining(page: Page, allergen: string): Promise<void> {
  const filters = page.getByText('Diet and allergens');
  if (!(await page.getByText('Hide dishes containing').isVisible())) await filters.click();
  await page.getByText(allergen, { exact: true }).click();
}

test.describe('the order page', () => {
  test('filtering out nuts leaves no dish with nuts, on every page of All Items', async ({ page, request }) => {
    const dishes = await menu(request);
    const nutty = (item: MenuItem) => item.allergens?.some((a) => a === 'nuts' || a === 'peanuts') ?? false;
    expect(dishes.some(nutty)).toBe(true);
    await page.goto('/order/raw-special');
    const lasagna = page.getByRole('tabpanel').getByRole('heading', { name: 'Raw Lasagna', exact: true });
    await expect(lasagna).toBeVisible();
    await expect(page.getByRole('tabpanel').locator('article', { hasText: 'Tree nuts' }).first()).toBeVisible();

    await hideContaining(page, 'Tree nuts');
    await hideContaining(page, 'Peanuts');
    await expect(lasagna).toHaveCount(0);
    await expect(page.getByText('2 on')).toBeVisible();

    await page.getByRole('tab', { name: 'All Items', exact: true }).click();
    const kept = dishes.filter((item) => !nutty(item));
    const pages = Math.ceil(kept.length / 24);
    for (let shown = 1; shown <= pages; shown++) {
      await expect(page.getByText(`Page ${shown} of ${pages}`)).toBeVisible();
      const cards = page.getByRole('tabpanel').locator('article');
      await expect(cards).toHaveCount(Math.min(24, kept.length - (shown - 1) * 24));
      await expect(page.getByRole('tabpanel').locator('article', { hasText: /Tree nuts|Peanuts/ })).toHaveCount(0);
      if (shown < pages) await page.getByRole('button', { name: 'Next →' }).click();
    }
  });

  test('a search with a typo finds the dish across the whole menu, and says so when nothing matches', async ({ page }) => {
    await page.goto('/order/juice');
    const search = page.getByRole('searchbox', { name: 'Search the menu' });
    await search.fill('lasagan');
    await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Raw Lasagna', exact: true })).toBeVisible();
    await expect(page.getByText(/(dish matches|dishes match) “lasagan” in the whole menu/)).toBeVisible();

    await search.fill('xylophone');
    await expect(page.getByText('No dish matches “xylophone”. Check the spelling, or try another word.')).toBeVisible();
    await expect(page.getByRole('tabpanel').locator('article')).toHaveCount(0);

    await search.press('Escape');
    await expect(search).toHaveValue('');
    await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Green Detox Juice', exact: true })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('the dish page', () => {
  test('opens from a card with its picture, prices, labels and Take on table; an unknown dish is not found', async ({ page, allowConsoleErrors }) => {
    await page.goto('/order/offered');
    await page.getByRole('tabpanel').getByRole('link', { name: 'Berry Chia Pudding', exact: true }).click();
    await expect(page).toHaveURL(/\/item\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Berry Chia Pudding', level: 1 })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Berry Chia Pudding' })).toBeVisible();
    await expect(page.getByText('New Price $ 7.50')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Contains allergens' })).toContainText('Tree nuts');
    await expect(page.getByRole('list', { name: 'Dietary tags' })).toContainText('Vegan');
    await expect(page.getByRole('button', { name: 'Take on table' })).toBeEnabled();
    await expectAccessible(page);

    // Drawn by the server with its link preview, as a shared link is first read.
    const response = await page.goto(page.url());
    expect(response?.status()).toBe(200);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Berry Chia Pudding');
    await expect(page).toHaveTitle('Raw Roots Berry Chia Pudding');

    allowConsoleErrors(/404/);
    const missing = await page.goto('/item/no-such-dish');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'This page is not on our menu' })).toBeVisible();
  });
});

test.describe('sold out', () => {
  test('an administrator marks a dish sold out and a customer\'s open page shows it without a reload', async ({ page, browser, request }) => {
    await signInAsNew(page, request, { admin: true });
    const image = (await menu(request))[0]!.image;
    const name = `Last Beet Shot ${Date.now()}`;
    await page.evaluate(
      async ({ name, image }) => {
        const res = await fetch('/api/items', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('access-token')}` },
          body: JSON.stringify({ name, image, recipe: 'Beetroot, ginger and lemon.', price: 3.5, category: 'juice', tags: ['vegan'], allergens: ['celery'] }),
        });
        if (res.status !== 201) throw new Error(`create: ${res.status}`);
      },
      { name, image },
    );

    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    await customer.goto('/order/juice');
    await waitForApp(customer);
    const card = customer.getByRole('tabpanel').locator('article', { has: customer.getByRole('heading', { name, exact: true }) });
    await expect(card.getByRole('button', { name: 'Take on table' })).toBeEnabled();
    await expect(card).toContainText('Celery');

    await page.goto('/dashboard/manage/item');
    const soldOut = page.getByRole('switch', { name: `Sold out: ${name}` });
    await expect(soldOut).toHaveAttribute('aria-checked', 'false');
    await soldOut.click();
    await expect(soldOut).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText(`${name} is sold out`)).toBeVisible();

    // The customer's page, never reloaded, follows the menu.
    await expect(card.getByRole('button', { name: 'Sold out' })).toBeDisabled({ timeout: 10_000 });
    await expect(card.getByRole('button', { name: 'Take on table' })).toHaveCount(0);
    await card.getByRole('link', { name, exact: true }).click();
    await expect(customer.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(customer.getByRole('button', { name: 'Sold out' })).toBeDisabled();

    // Back on sale: the dish page follows as well.
    await page.getByRole('switch', { name: `Sold out: ${name}` }).click();
    await expect(customer.getByRole('button', { name: 'Take on table' })).toBeEnabled({ timeout: 10_000 });
    await customerContext.close();
  });
});
