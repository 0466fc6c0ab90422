import sharp from 'sharp';
import { signInAsNew } from './cart-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

/**
 * A dish in the shop's other languages (issue 44, point 4; docs/i18n.md): the owner gives a new
 * dish its German name and details in the item form on a phone, and a reader whose browser asks
 * for German sees it on the menu and finds it by a German word. The API, every public read and
 * English's unchanged answers: test/dish-translations.test.ts.
 */
test('the owner gives a dish a German name in the form; a German reader sees it on the menu and finds it by search', async ({ page, request, browser, allowConsoleErrors }) => {
  test.slow(); // an administrator's form, then a German reader
  // Playwright's trace recorder fetches the preview's blob: URL, which the shop's CSP rightly blocks.
  allowConsoleErrors(/Connecting to 'blob:/);
  const word = Math.random().toString(36).slice(2, 7);
  const name = `Cucumber Soup ${word}`;
  const germanName = `Gurkensuppe ${word}`;

  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsNew(page, request, { admin: true });
  await page.goto('/dashboard/add/item');
  await page.getByLabel('Recipe Name').fill(name);
  await page.getByLabel('Category').selectOption({ label: 'Raw Special' });
  await page.getByLabel('Price').fill('9');
  await page.getByLabel('Recipe Details').fill('Chilled cucumber with dill and cashew cream.');
  const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#4d7c0f' } }).jpeg().toBuffer();
  await page.getByLabel('Item Image').setInputFiles({ name: 'soup.jpg', mimeType: 'image/jpeg', buffer: picture });
  const german = page.getByRole('group', { name: /^Deutsch/ });
  // The English text shows where a German one is left empty.
  await expect(german.getByLabel('Deutsch: dish name')).toHaveAttribute('placeholder', name);
  // By keyboard: the German fields follow the English ones.
  await german.getByLabel('Deutsch: dish name').focus();
  await page.keyboard.type(germanName);
  await page.keyboard.press('Tab');
  await expect(german.getByLabel('Deutsch: details')).toBeFocused();
  await page.keyboard.type('Kalte Gurke mit Dill und Cashewcreme.');
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add Item' }).click();
  await expect(page).toHaveURL(/\/dashboard\/manage\/item$/, { timeout: 20_000 });

  const readerContext = await browser.newContext({ locale: 'de-DE' });
  const reader = await readerContext.newPage();
  await reader.goto('/order/raw-special');
  await expect(reader.locator('html')).toHaveAttribute('lang', 'de');
  await expect(reader.getByRole('heading', { name: germanName, exact: true })).toBeVisible();
  await expect(reader.getByRole('heading', { name, exact: true })).toHaveCount(0);
  const other = ((await (await request.get('/api/items?category=raw-special')).json()) as Array<{ name: string }>).find((item) => item.name !== name)!;
  await expect(reader.getByRole('heading', { name: other.name, exact: true }).first()).toBeVisible();
  // A German word finds it, and only it.
  await reader.getByRole('searchbox').fill('Gurkensuppe');
  await expect(reader.getByRole('heading', { name: other.name, exact: true })).toHaveCount(0);
  await expect(reader.getByRole('heading', { name: germanName, exact: true })).toBeVisible();
  await readerContext.close();
});
