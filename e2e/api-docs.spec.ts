import { expect, test } from './fixtures.ts';

test.describe('the API reference', () => {
  test('/api/docs opens from the shop itself and lists the specification calls', async ({ page }) => {
    // Every file of the page comes from the shop: no CDN (the shop may run without internet).
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: /Raw Roots shop API/ })).toBeVisible();
    // The calls tagged "spec" come as one section, with their summaries.
    const spec = page.locator('.opblock-tag-section').filter({ has: page.getByRole('heading', { name: /^spec/ }) });
    await expect(spec.getByText('/api/create-payment-intent', { exact: true })).toBeVisible();
    await expect(spec.getByText('/api/admin-statistics', { exact: true })).toBeVisible();
    await expect(spec.getByText("Open the cart's payment ({ clientSecret, … })")).toBeVisible();
    // One call opens with its answer's schema, generated from the route's Zod schema.
    await spec.getByText('/api/create-payment-intent', { exact: true }).click();
    await expect(page.getByText('clientSecret').first()).toBeVisible();
    const origin = new URL(page.url()).origin;
    expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
  });
});
