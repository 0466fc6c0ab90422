import { expect, expectAccessible, holdRequests, test } from './fixtures.ts';

const TABS = [
  ['offered', "Today's offer"],
  ['raw-special', 'Raw Special'],
  ['spicy', 'Spicy'],
  ['dessert', 'Dessert'],
  ['foodbread', 'R.S Bread'],
  ['grilled', 'grilled'],
  ['pickles', 'Pickles Mix'],
  ['honey', 'With Honey'],
  ['fruits', 'Raw Fruits'],
  ['juice', 'Juice'],
] as const;

interface Item {
  name: string;
  category: string;
  price: number;
  newPrice?: number;
}

test.describe('menu page (/order)', () => {
  test("has the cover, the spec's 11 tabs in its order and the Favourites tab", async ({ page }) => {
    await page.goto('/order/offered');
    await expect(page.getByRole('heading', { name: 'Order Us', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText([...TABS.map(([, label]) => label), 'All Items', 'Favourites']);
  });

  for (const [category, label] of TABS) {
    test(`/order/${category} opens the ${label} tab with that category's dishes`, async ({ page, request }) => {
      const menu = (await (await request.get('/api/items')).json()) as Item[];
      await page.goto(`/order/${category}`);
      await expect(page.getByRole('tab', { selected: true })).toHaveText(label);
      const names = menu.filter((item) => item.category === category).map((item) => item.name);
      await expect(page.getByRole('tabpanel').locator('article h3')).toHaveText(names);
    });
  }

  for (const route of ['/order/no-such-dish', '/order']) {
    test(`${route} opens All Items, a page of 24 dishes at a time`, async ({ page, request }) => {
      const menu = (await (await request.get('/api/items')).json()) as Item[];
      await page.goto(route);
      await expect(page.getByRole('tab', { selected: true })).toHaveText('All Items');
      await expect(page.getByRole('tabpanel').locator('article')).toHaveCount(Math.min(24, menu.length));
      const pages = Math.ceil(menu.length / 24);
      await expect(page.getByText(`Page 1 of ${pages}`)).toBeVisible();
      await page.getByRole('button', { name: 'Next →' }).click();
      await expect(page.getByText(`Page 2 of ${pages}`)).toBeVisible();
      await expect(page.getByRole('tabpanel').locator('article h3')).toHaveText(menu.slice(24, 48).map((item) => item.name));
    });
  }

  // The spec's own tab keys open their tabs too, as the category values do.
  for (const [key, label] of [['rawSpecial', 'Raw Special'], ['offered', "Today's offer"], ['foodbread', 'R.S Bread'], ['all', 'All Items']] as const) {
    test(`/order/${key} (the spec's tab key) opens ${label}`, async ({ page }) => {
      const response = await page.goto(`/order/${key}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('tab', { selected: true })).toHaveText(label);
    });
  }

  test('choosing a tab shows its dishes and keeps it in the address', async ({ page, request }) => {
    const menu = (await (await request.get('/api/items')).json()) as Item[];
    await page.goto('/order/offered');
    await page.getByRole('tab', { name: 'Spicy' }).click();
    await expect(page).toHaveURL(/\/order\/spicy$/);
    await expect(page.getByRole('tabpanel').locator('article h3')).toHaveText(menu.filter((i) => i.category === 'spicy').map((i) => i.name));
    // Arrow keys move between tabs, as in any tab bar.
    await page.getByRole('tab', { name: 'Spicy' }).press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Dessert' })).toBeFocused();
    await expect(page.getByRole('tab', { selected: true })).toHaveText('Dessert');
  });

  for (const [width, columns] of [[390, 1], [800, 2], [1280, 3]] as const) {
    test(`the grid has ${columns} column(s) at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/order/offered');
      await expect(page.getByRole('tabpanel').locator('article').first()).toBeVisible();
      const grid = page.getByTestId('menu-grid');
      expect(await grid.evaluate((g) => getComputedStyle(g).gridTemplateColumns.split(' ').length)).toBe(columns);
      const tops = await grid.locator('article').evaluateAll((cards) => cards.slice(0, 3).map((c) => Math.round(c.getBoundingClientRect().top)));
      expect(new Set(tops).size).toBe(columns === 1 ? 3 : columns === 2 ? 2 : 1);
    });
  }

  test('the card shows image, name, "$ price" and "New Price"', async ({ page, request }) => {
    const menu = (await (await request.get('/api/items')).json()) as Item[];
    const reduced = menu.find((i) => i.category === 'offered' && i.newPrice !== undefined)!;
    const plain = menu.find((i) => i.category === 'offered' && i.newPrice === undefined)!;
    await page.goto('/order/offered');
    const reducedCard = page.locator('article', { has: page.getByRole('heading', { name: reduced.name }) });
    await expect(reducedCard.getByRole('img', { name: reduced.name })).toHaveJSProperty('complete', true);
    await expect(reducedCard).toContainText(`$ ${reduced.price.toFixed(2)}`);
    await expect(reducedCard).toContainText(`New Price $ ${reduced.newPrice!.toFixed(2)}`);
    const plainCard = page.locator('article', { has: page.getByRole('heading', { name: plain.name }) });
    await expect(plainCard).toContainText(`$ ${plain.price.toFixed(2)}`);
    await expect(plainCard).not.toContainText('New Price');
    const img = plainCard.getByRole('img');
    await expect(img).toHaveAttribute('width', '800');
    await expect(img).toHaveAttribute('height', '600');
  });

  test('the heart is a toggle button named for its dish; a visitor pressing it is asked to log in', async ({ page }) => {
    await page.goto('/order/offered');
    const card = page.getByRole('tabpanel').locator('article').first();
    const name = await card.getByRole('heading', { level: 3 }).textContent();
    const heart = card.getByRole('button', { name: `Save ${name} to favourites` });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(`Log in or sign up to save ${name} to your favourites`)).toBeVisible();
  });

  test('on hover the Take on table button shows and the recipe hides', async ({ page }) => {
    await page.goto('/order/offered');
    const card = page.getByRole('tabpanel').locator('article').first();
    const button = card.getByRole('button', { name: 'Take on table' });
    const recipe = card.locator('.item-recipe');
    await expect(recipe).toBeVisible();
    await expect(button).toHaveCSS('opacity', '0');
    await card.hover();
    await expect(button).toHaveCSS('opacity', '1');
    await expect(recipe).toBeHidden();
    await page.mouse.move(0, 0);
    await expect(recipe).toBeVisible();
    await expect(button).toHaveCSS('opacity', '0');
  });

  test('a keyboard user reaches Take on table, sees it, and a visitor goes to /login remembering the page', async ({ page }) => {
    await page.goto('/order/offered');
    const card = page.getByRole('tabpanel').locator('article').first();
    // After the heart, the dish's name (its page), then Take on table.
    await card.getByRole('button', { name: /^Save .* to favourites$/ }).focus();
    await page.keyboard.press('Tab');
    await expect(card.getByRole('heading').getByRole('link')).toBeFocused();
    await page.keyboard.press('Tab');
    const button = card.getByRole('button', { name: 'Take on table' });
    await expect(button).toBeFocused();
    await expect(button).toHaveCSS('opacity', '1');
    await expect(card.locator('.item-recipe')).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => (history.state as { usr?: { from?: { pathname: string } } }).usr?.from?.pathname)).toBe('/order/offered');
  });

  test('a visitor who clicks Take on table goes to /login', async ({ page }) => {
    await page.goto('/order/juice');
    const card = page.getByRole('tabpanel').locator('article').nth(1);
    await card.hover();
    await card.getByRole('button', { name: 'Take on table' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => (history.state as { usr?: { from?: { pathname: string } } }).usr?.from?.pathname)).toBe('/order/juice');
  });

  test('a Take on table pressed before the scripts have run is not lost: it goes to /login once they run', async ({ page }) => {
    const releaseApp = await holdRequests(page, /\/assets\/main-[\w-]+\.js$/);
    await page.goto('/order/juice', { waitUntil: 'domcontentloaded' });
    const card = page.getByRole('tabpanel').locator('article').nth(1);
    await card.hover();
    const button = card.getByRole('button', { name: 'Take on table' });
    await button.click();
    await expect(page.locator('#root[data-app-ready]')).toHaveCount(0);
    await expect(page).toHaveURL(/\/order\/juice$/);
    // It shows that it waits: dimmed, and still there once the pointer leaves the card.
    await page.mouse.move(0, 0);
    await expect(button).toHaveCSS('opacity', '0.6');

    releaseApp();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => (history.state as { usr?: { from?: { pathname: string } } }).usr?.from?.pathname)).toBe('/order/juice');
  });

  test('has no serious accessibility violation', async ({ page }) => {
    await page.goto('/order/offered');
    await expect(page.getByRole('tabpanel').locator('article').first()).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('menu page (/order) on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('shows the recipe and the Take on table button without hover, and a tap works', async ({ page }) => {
    await page.goto('/order/offered');
    expect(await page.evaluate(() => matchMedia('(hover: none)').matches)).toBe(true);
    const card = page.getByRole('tabpanel').locator('article').first();
    const button = card.getByRole('button', { name: 'Take on table' });
    await expect(button).toHaveCSS('opacity', '1');
    await expect(card.locator('.item-recipe')).toBeVisible();
    await button.tap();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('menu search typed before the app takes over (issue 43, point 1)', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('"berry" typed while the page is still starting filters the list once the app runs', async ({ page }) => {
    const releaseApp = await holdRequests(page, /\/assets\/main-[\w-]+\.js$/);
    await page.goto('/order/juice', { waitUntil: 'domcontentloaded' });
    const box = page.getByRole('searchbox', { name: 'Search the menu' });
    await box.fill('berry');
    await expect(page.locator('#root[data-app-ready]')).toHaveCount(0);

    releaseApp();
    await expect(page.locator('#root[data-app-ready]')).toHaveCount(1);
    await expect(box).toHaveValue('berry');
    await expect(page.getByText(/match “berry” in the whole menu/)).toBeVisible();
    // A dessert, not on the juice tab: the list is the search's.
    await expect(page.getByRole('tabpanel').locator('article h3', { hasText: 'Berry Chia Pudding' })).toBeVisible();
  });
});
