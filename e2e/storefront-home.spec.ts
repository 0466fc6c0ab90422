import { expect, expectAccessible, holdRequests, test } from './fixtures.ts';
import { pauseClock, runClockUntilCurrent } from './storefront-helpers.ts';

const START = new Date('2024-06-01T12:00:00Z');

test.describe('home page', () => {
  test('shows its sections in the spec order with their texts', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Raw Roots Home');
    const hero = page.getByRole('region', { name: 'Safe, healthy food made from raw ingredients' });
    await expect(hero).toContainText('free from formalin');
    await expect(hero).toContainText('reasonable price');
    for (const feature of ['Open 24/7', 'Home delivery', 'Master chef', 'Safe food']) {
      await expect(page.getByRole('heading', { name: feature, level: 3 })).toBeVisible();
    }
    for (const [name, hash] of [['who we are', '#who'], ['why from us', '#why'], ['what is our strength', '#what']]) {
      await expect(page.getByRole('link', { name: new RegExp(`^More about ${name}$`) })).toHaveAttribute('href', `/detail_about${hash}`);
    }
    // The last two sections load as the visitor scrolls near them.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(page.getByRole('heading', { name: 'Raw Roots Reviews' })).toBeVisible();
    await expect(page.locator('section[data-category="offered"] li')).toHaveCount(4);
    await expect(page.getByRole('link', { name: /More Items/ })).toHaveAttribute('href', '/order/offered');

    const order = await page.locator('main > section').evaluateAll((sections) =>
      sections.map((s) => document.getElementById(s.getAttribute('aria-labelledby') ?? '')?.textContent?.trim()),
    );
    expect(order).toEqual([
      'Safe, healthy food made from raw ingredients',
      'What we promise',
      'About us',
      "Today's offer",
      'Raw Roots Reviews',
    ]);
  });

  test('the hero slider fades to the next picture every 4 seconds', async ({ page }) => {
    await page.clock.install({ time: START });
    await page.goto('/');
    const slides = page.getByRole('group', { name: 'Pictures of our food' }).locator('img');
    await expect(slides).toHaveCount(3);
    await expect(slides.nth(0)).toHaveAttribute('data-current', 'true');
    await expect(page.locator('#root[data-app-ready]')).toHaveCount(1);
    await pauseClock(page);
    await runClockUntilCurrent(page, slides.nth(1), 4100);
    await expect(slides.nth(0)).toHaveCSS('opacity', '0');
    // The next change comes a full interval later, not before.
    await page.clock.runFor(3900);
    await expect(slides.nth(1)).toHaveAttribute('data-current', 'true');
    await page.clock.runFor(200);
    await expect(slides.nth(2)).toHaveAttribute('data-current', 'true');
    await page.clock.runFor(4000);
    await expect(slides.nth(0)).toHaveAttribute('data-current', 'true');
  });

  test('the hero slider does not move by itself when the visitor prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install({ time: START });
    await page.goto('/');
    const slides = page.getByRole('group', { name: 'Pictures of our food' }).locator('img');
    await page.clock.runFor(13_000);
    await expect(slides.nth(0)).toHaveAttribute('data-current', 'true');
    // The dots still reach every picture.
    await page.getByRole('button', { name: 'Show picture 3 of 3' }).click();
    await expect(slides.nth(2)).toHaveAttribute('data-current', 'true');
  });

  test("the offer shows the first four dishes of today's offer, asking for those, not the whole menu", async ({ page, request }) => {
    const offered = ((await (await request.get('/api/items?category=offered')).json()) as { name: string }[]).map((item) => item.name);
    const menuRequests: string[] = [];
    page.on('request', (sent) => {
      const url = new URL(sent.url());
      if (url.pathname === '/api/items') menuRequests.push(url.search);
    });
    await page.goto('/');
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(page.locator('section[data-category="offered"] li h3')).toHaveText(offered.slice(0, 4).map((name) => new RegExp(`^${name}`)));
    expect(menuRequests).toEqual(['?perCategory=4']);
  });

  test('the pause button stops the hero slider', async ({ page }) => {
    await page.clock.install({ time: START });
    await page.goto('/');
    const slides = page.getByRole('group', { name: 'Pictures of our food' }).locator('img');
    await page.getByRole('button', { name: 'Pause the pictures' }).click();
    await page.mouse.move(0, 0);
    await page.getByRole('button', { name: 'Play the pictures' }).blur();
    await page.clock.runFor(9000);
    await expect(slides.nth(0)).toHaveAttribute('data-current', 'true');
  });

  test('has no serious accessibility violation', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(page.getByRole('heading', { name: 'Raw Roots Reviews' })).toBeVisible();
    await expect(page.locator('section[data-category="offered"] li')).toHaveCount(4);
    await expectAccessible(page);
  });

  test('shows the loading screen while a page drawn in the browser is on its way', async ({ page, allowConsoleErrors }) => {
    // The page of an unknown path is drawn in the browser (with status 404, which the console reports).
    allowConsoleErrors(/404/);
    const release = await holdRequests(page, /\/assets\/not-found-page-.*\.js$/);
    await page.goto('/no-such-dish', { waitUntil: 'domcontentloaded' });
    const loading = page.getByRole('status').filter({ hasText: 'Loading Raw Roots' });
    await expect(loading).toContainText('Loading Raw Roots');
    await expect(loading.locator('img.animate-pulse')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'This page is not on our menu', level: 1 })).toBeVisible();
    await expect(loading).toHaveCount(0);
  });

  test('a page the server draws shows at once, while its scripts are still on their way', async ({ page }) => {
    const release = await holdRequests(page, /\/assets\/about-page-.*\.js$/);
    await page.goto('/about', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: 'About Us', level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading Raw Roots' })).toHaveCount(0);
    release();
    // Hydrated: the page's title is set by the browser's code.
    await expect(page).toHaveTitle(/About/);
  });
});
