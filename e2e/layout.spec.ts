import { expect, expectAccessible, test } from './fixtures.ts';

const PUBLIC_ROUTES = ['/', '/about', '/detail_about', '/review', '/items', '/order', '/order/offered', '/play-store'];

test.describe('public layout', () => {
  for (const route of PUBLIC_ROUTES) {
    test(`${route} has the header, the content and the footer`, async ({ page }) => {
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav).toBeAttached();
      await expect(page.locator('main')).toBeVisible();
      const footer = page.getByRole('contentinfo');
      await expect(footer).toContainText('2024');
      await expect(footer.getByRole('link', { name: /Play Store/ })).toHaveAttribute('href', '/play-store');
      await expect(footer.getByRole('link', { name: /Apple Store/ })).toHaveAttribute('href', '/play-store');
    });
  }

  test('an unknown path gets status 404 and a page that says so', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/404/);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'This page is not on our menu' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the header links work on a phone through the menu button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Items' }).click();
    await expect(page).toHaveURL(/\/items$/);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  });

  test('the layout has no serious accessibility violation', async ({ page }) => {
    await page.goto('/about');
    await expectAccessible(page);
  });
});
