import { expect, test } from './fixtures.ts';

/** The navigation bar, the footer and the page titles of docs/product.md §1 and §2, as a visitor sees them. */
test.describe('navigation', () => {
  test('the navigation bar has the spec\'s links and a visitor sees "Log in"', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const expected: [string, RegExp][] = [
      ['Home', /\/$/],
      ['About', /\/about$/],
      ['Reviews', /\/review$/],
      ['Items', /\/items$/],
      ['Food Order', /\/order\/offered$/],
    ];
    for (const [name, url] of expected) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(url);
    }
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', /^\/dashboard\//);
    await expect(nav.getByRole('link', { name: /Cart/ })).toHaveAttribute('href', '/dashboard/my/cart');
    await expect(nav.getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  test('the footer has the brand, a tagline and the store buttons; no social icon until the restaurant enters its pages', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Raw Roots');
    await expect(footer).toContainText(/reliable food/i);
    // A fresh shop has no social pages: no icon that goes nowhere (e2e/restaurant-settings.spec.ts sets one).
    await expect(page.getByTestId('open-now')).not.toHaveText('');
    await expect(footer.getByText('Follow us')).toHaveCount(0);
    for (const name of ['Facebook', 'Instagram', 'YouTube']) await expect(footer.getByRole('link', { name })).toHaveCount(0);
    await footer.getByRole('link', { name: /Apple Store/ }).click();
    await expect(page).toHaveURL(/\/play-store$/);
  });

  test('every public page has its own title with the product name', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Raw Roots Home');
    await page.goto('/items');
    await expect(page).toHaveTitle('Raw Roots Item list');
    const titles = new Set<string>();
    for (const route of ['/', '/about', '/detail_about', '/review', '/items', '/order/offered', '/play-store']) {
      await page.goto(route);
      await expect(page).toHaveTitle(/^Raw Roots \S/);
      titles.add(await page.title());
    }
    expect(titles.size).toBe(7);
  });

  for (const width of [360, 1280]) {
    test(`nothing overflows the page sideways at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const route of ['/', '/items', '/order/offered', '/about']) {
        await page.goto(route);
        await expect(page.locator('main')).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, route).toBeLessThanOrEqual(0);
      }
    });
  }
});
