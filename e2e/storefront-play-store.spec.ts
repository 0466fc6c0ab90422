import { expect, expectAccessible, test } from './fixtures.ts';

test('/play-store says the app is coming and offers the website meanwhile', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: /Play Store/ }).click();
  await expect(page).toHaveURL(/\/play-store$/);
  await expect(page.getByRole('heading', { name: 'The Raw Roots app is on its way', level: 1 })).toBeVisible();
  await expect(page.getByText('Coming soon')).toBeVisible();
  await page.getByRole('link', { name: 'Order on the website' }).click();
  await expect(page).toHaveURL(/\/order\/offered$/);
  await page.goto('/play-store');
  await expectAccessible(page);
});
