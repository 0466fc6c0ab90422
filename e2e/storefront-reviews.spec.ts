import { expect, expectAccessible, test } from './fixtures.ts';
import { pauseClock, runClockUntilCurrent } from './storefront-helpers.ts';

const START = new Date('2024-06-01T12:00:00Z');

test.describe('reviews', () => {
  test('the reviews page shows every review with its name and details', async ({ page, request }) => {
    const reviews = (await (await request.get('/api/review')).json()) as { name: string; details: string }[];
    expect(reviews.length).toBeGreaterThan(1);
    await page.goto('/review');
    await expect(page).toHaveTitle('Raw Roots Reviews');
    await expect(page.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Raw Roots Reviews', level: 2 })).toBeVisible();
    const texts = page.getByTestId('review-texts').locator('li');
    await expect(texts).toHaveCount(reviews.length);
    await expect(texts.first()).toContainText(reviews[0]!.name);
    await expect(texts.first()).toContainText(reviews[0]!.details);
    await expect(page.getByTestId('review-pictures').locator('img')).toHaveCount(reviews.length);
  });

  test('the picture and text sliders advance together every 3 seconds', async ({ page }) => {
    await page.clock.install({ time: START });
    await page.goto('/review');
    const texts = page.getByTestId('review-texts').locator('li');
    const pictures = page.getByTestId('review-pictures');
    await expect(texts.nth(0)).toHaveAttribute('data-current', 'true');
    await expect(page.locator('#root[data-app-ready]')).toHaveCount(1);
    await pauseClock(page);
    await runClockUntilCurrent(page, texts.nth(1), 3100);
    await expect(pictures).toHaveAttribute('style', /translateX\(-100%\)/);
    const count = await texts.count();
    await expect(page.getByTestId('review-texts')).toHaveAttribute('style', new RegExp(`translateY\\(-${String(100 / count).slice(0, 4).replace('.', '\\.')}`));
    await page.clock.runFor(2900);
    await expect(texts.nth(1)).toHaveAttribute('data-current', 'true');
    await page.clock.runFor(200);
    await expect(texts.nth(2)).toHaveAttribute('data-current', 'true');
    await expect(pictures).toHaveAttribute('style', /translateX\(-200%\)/);
  });

  test('the sliders follow the mouse wheel without scrolling the page', async ({ page }) => {
    await page.clock.install({ time: START });
    await page.goto('/review');
    const texts = page.getByTestId('review-texts').locator('li');
    const slider = page.getByTestId('reviews-slider');
    // The clock is paused only once the reviews are there: the query library delivers data on a timer.
    await expect(texts.nth(0)).toHaveAttribute('data-current', 'true');
    await pauseClock(page);
    await slider.scrollIntoViewIfNeeded();
    const box = (await slider.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const scrollBefore = await page.evaluate(() => window.scrollY);
    await page.mouse.wheel(0, 120);
    await expect(texts.nth(1)).toHaveAttribute('data-current', 'true');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
    await page.clock.runFor(700);
    await page.mouse.wheel(0, -120);
    await expect(texts.nth(0)).toHaveAttribute('data-current', 'true');
    // At the first review, the wheel up scrolls the page again.
    await page.clock.runFor(700);
    await page.mouse.wheel(0, -120);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(scrollBefore);
    await expect(texts.nth(0)).toHaveAttribute('data-current', 'true');
  });

  test('the review sliders hold still when the visitor prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install({ time: START });
    await page.goto('/review');
    const texts = page.getByTestId('review-texts').locator('li');
    await expect(texts.nth(0)).toHaveAttribute('data-current', 'true');
    await page.clock.runFor(10_000);
    await expect(texts.nth(0)).toHaveAttribute('data-current', 'true');
  });

  test('the reviews page has no serious accessibility violation', async ({ page }) => {
    await page.goto('/review');
    await expect(page.getByTestId('review-texts').locator('li').first()).toBeVisible();
    await expectAccessible(page);
  });
});
