import { expect, expectAccessible, test } from './fixtures.ts';

const ORDER = ['offered', 'raw-special', 'honey', 'fruits', 'juice', 'pickles', 'foodbread', 'dessert', 'grilled', 'spicy'];

test.describe('item list page', () => {
  test('shows the video banner, then one block per category in the spec order', async ({ page, request }) => {
    const menu = (await (await request.get('/api/items')).json()) as { name: string; category: string }[];
    await page.goto('/items');
    await expect(page).toHaveTitle('Raw Roots Item list');
    const sections = page.locator('main section');
    await expect(sections.first()).toHaveAttribute('aria-labelledby', 'items-title');
    const blocks = page.locator('main section[data-category]');
    await expect(blocks).toHaveCount(10);
    expect(await blocks.evaluateAll((all) => all.map((b) => b.getAttribute('data-category')))).toEqual(ORDER);
    for (const category of ORDER) {
      const block = page.locator(`section[data-category="${category}"]`);
      const expected = menu.filter((item) => item.category === category).slice(0, 4).map((item) => item.name);
      await expect(block.locator('h3')).toHaveCount(expected.length);
      await expect(block.locator('h3')).toContainText(expected);
      await expect(block.locator('h2')).not.toBeEmpty();
      await expect(block.locator('p').first()).not.toBeEmpty();
      await expect(block.getByRole('link', { name: /More Items/ })).toHaveAttribute('href', `/order/${category}`);
    }
  });

  test('every More Items link opens its own tab of the order page', async ({ page }) => {
    for (const [category, label] of [['raw-special', 'Raw Special'], ['foodbread', 'R.S Bread'], ['juice', 'Juice']]) {
      await page.goto('/items');
      await page.locator(`section[data-category="${category}"]`).getByRole('link', { name: /More Items/ }).click();
      await expect(page).toHaveURL(new RegExp(`/order/${category}$`));
      await expect(page.getByRole('tab', { name: label })).toHaveAttribute('aria-selected', 'true');
    }
  });

  test('the banner is a real, muted, looping video with a poster, and it plays', async ({ page, request }) => {
    await page.goto('/items');
    const video = page.getByTestId('items-video');
    expect(await video.evaluate((v: HTMLVideoElement) => ({ muted: v.muted, loop: v.loop, poster: v.getAttribute('poster') }))).toEqual({
      muted: true,
      loop: true,
      poster: '/media/items-banner-poster.webp',
    });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && !v.paused && v.currentTime > 0)).toBe(true);
    const src = await video.evaluate((v: HTMLVideoElement) => new URL(v.currentSrc).pathname);
    expect(src).toMatch(/^\/media\/items-banner\.(webm|mp4)$/);
    const file = await request.get(src);
    expect(file.ok()).toBe(true);
    expect((await file.body()).length).toBeLessThan(500_000);
    expect((await request.get('/media/items-banner-poster.webp')).ok()).toBe(true);
    await page.getByRole('button', { name: 'Pause the video' }).click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  });

  test('the video waits for a click when the visitor prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/items');
    const video = page.getByTestId('items-video');
    await page.waitForTimeout(500);
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await page.getByRole('button', { name: 'Play the video' }).click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
  });

  test('has no serious accessibility violation', async ({ page }) => {
    await page.goto('/items');
    await expect(page.locator('section[data-category="spicy"] h3').first()).toBeVisible();
    await expectAccessible(page);
  });
});
