import { expect, expectAccessible, test } from './fixtures.ts';

test.describe('about pages', () => {
  test('/about tells the story and links to each detail section', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveTitle('Raw Roots About');
    await expect(page.getByRole('heading', { name: 'About Us', level: 1 })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('300+');
    await expect(page.getByRole('main')).toContainText('15 years+');
    await page.getByRole('link', { name: /^More about why from us$/ }).click();
    await expect(page).toHaveURL(/\/detail_about#why$/);
    await expect(page.locator('#why')).toBeInViewport();
    await expectAccessible(page);
  });

  test('/detail_about has who, why and what in order, with the claims of the spec', async ({ page }) => {
    await page.goto('/detail_about');
    await expect(page).toHaveTitle('Raw Roots About details');
    const ids = await page.locator('main section[id]').evaluateAll((s) => s.map((e) => e.id));
    expect(ids).toEqual(['who', 'why', 'what']);
    await expect(page.locator('#who h2')).toHaveText('Who we are');
    await expect(page.locator('#why h2')).toHaveText('Why from us');
    await expect(page.locator('#what h2')).toHaveText('What is our strength');
    const main = page.getByRole('main');
    for (const claim of ['300+ various items', '15 years+ experienced chefs', 'Refund policy', 'No extra VAT', 'Chemical free', 'Direct from farm']) {
      await expect(main).toContainText(claim);
    }
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expectAccessible(page);
  });

  for (const hash of ['who', 'why', 'what']) {
    test(`/detail_about#${hash} opens scrolled to its section`, async ({ page }) => {
      await page.goto(`/detail_about#${hash}`);
      const section = page.locator(`#${hash}`);
      await expect(section).toBeInViewport();
      // The section's top sits just under the sticky header, not under it and not far below.
      await expect.poll(async () => (await section.boundingBox())!.y).toBeGreaterThan(40);
      await expect.poll(async () => (await section.boundingBox())!.y).toBeLessThan(140);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    });
  }
});
