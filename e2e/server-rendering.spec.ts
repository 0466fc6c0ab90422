import type { Browser, Page } from '@playwright/test';
import { captchaAnswer, createAccount, newAccount, trackCaptcha } from './auth-helpers.ts';
import { menu, signInAsNew } from './cart-helpers.ts';
import { expect, holdRequests, test } from './fixtures.ts';

/**
 * The server draws the public pages (docs/decisions/0011-server-rendered-public-pages.md): a
 * visitor reads them before any script has run, the browser then takes the same elements over
 * (hydration) instead of drawing the page again, and a menu change shows on the next load.
 */

/** A page of a browser with JavaScript switched off: only what the server sent. */
async function withoutJavaScript<T>(browser: Browser, use: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

test.describe('server-rendered pages', () => {
  test('the public pages are readable with JavaScript off, the menu included', async ({ browser, request }) => {
    const dishes = await menu(request);
    const offered = dishes.filter((item) => item.category === 'offered').map((item) => item.name);
    const juices = dishes.filter((item) => item.category === 'juice').map((item) => item.name);
    await withoutJavaScript(browser, async (page) => {
      await page.goto('/');
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Food Order' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

      await page.goto('/order/offered');
      await expect(page.getByRole('heading', { name: 'Order Us', level: 1 })).toBeVisible();
      await expect(page.getByRole('tab', { selected: true })).toHaveText("Today's offer");
      await expect(page.getByRole('tabpanel').locator('article h3')).toHaveText(offered);

      await page.goto('/items');
      await expect(page.getByRole('heading', { name: 'Our menu', level: 1 })).toBeVisible();
      await expect(page.locator('section[data-category="juice"] h3')).toContainText(juices.slice(0, 4));
    });
  });

  for (const [path, title] of [
    ['/', /Home/],
    ['/items', /Item list/],
    ['/order/offered', /Order Food/],
    ['/about', /About/],
    ['/review', /Reviews/],
    ['/login', /Login/],
    ['/signUp', /Sign Up/],
  ] as const) {
    test(`${path}: the browser takes over the server's elements without fetching the menu or the reviews again`, async ({ page }) => {
      // Before any script runs, keep the elements the server sent.
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive') return;
          const root = document.getElementById('root')!;
          (window as unknown as { serverElements: Element[] }).serverElements = [...root.querySelectorAll('h1, header, nav, main, section, li, footer')];
        });
      });
      const menuRequests: string[] = [];
      const reviewRequests: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname === '/api/items') menuRequests.push(request.url());
        if (pathname === '/api/review') reviewRequests.push(request.url());
      });
      await page.goto(path);
      // The title is set by an effect: it changes once React has hydrated the page.
      await expect(page).toHaveTitle(title);
      await expect(page.locator('#root[data-app-ready]')).toBeAttached();
      const kept = await page.evaluate(() => {
        const serverElements = (window as unknown as { serverElements: Element[] }).serverElements;
        return { count: serverElements.length, connected: serverElements.every((element) => element.isConnected) };
      });
      expect(kept.count).toBeGreaterThan(2);
      expect(kept.connected, 'every element the server sent is still in the page').toBe(true);
      if (path === '/items' || path.startsWith('/order')) expect(menuRequests).toEqual([]);
      if (path === '/review') {
        expect(reviewRequests).toEqual([]);
        // The first review's picture is in the server's HTML, so it loads with the page.
        const firstPicture = page.getByTestId('review-pictures').locator('img').first();
        await expect(firstPicture).toHaveAttribute('loading', 'eager');
      }
    });
  }

  test('no page is drawn inside a Suspense boundary, which React would hydrate later and all at once', async ({ request }) => {
    // React leaves a boundary's content for later; an update from above it (the session's
    // answer) then hydrates it in one synchronous task that holds a phone's main thread.
    for (const path of ['/', '/items', '/order/offered', '/about', '/review', '/login', '/signUp']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('data-server-rendered');
      expect(html, `${path}: a Suspense boundary's mark`).not.toMatch(/<!--\/?\$[!?]?-->/);
    }
  });

  test("a rendered page's scripts wait for its pictures; a page drawn in the browser asks for them at once", async ({ page }) => {
    const releasePicture = await holdRequests(page, /\/hero\/garden-\d+\.webp$/);
    const appScripts: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/main-[\w-]+\.js$/.test(request.url())) appScripts.push(request.url());
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.waitForTimeout(500);
    expect(appScripts, 'the app is not asked for while the first picture loads').toEqual([]);
    releasePicture();
    await expect(page.locator('#root[data-app-ready]')).toHaveCount(1);
    expect(appScripts).toHaveLength(1);
    // Its hints, held back in a template, all reach <head> once the app runs (src/web/boot.ts), each once.
    const held = (await (await page.request.get('/')).text()).match(/<template id="page-scripts">(.*?)<\/template>/)![1]!;
    const heldHrefs = [...held.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    await expect
      .poll(() => page.evaluate(() => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'))))
      .toEqual(expect.arrayContaining(heldHrefs));
    const headHrefs = await page.evaluate(() => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href')));
    expect(headHrefs).toHaveLength(new Set(headHrefs).size);

    const hinted = await (await page.request.get('/dashboard/my/cart')).text();
    expect(hinted.slice(0, hinted.indexOf('</head>')), 'the app is hinted in <head>').toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/main-/);
  });

  test('the log-in page comes with its own captcha; a sign-up cannot be sent before the scripts run', async ({ browser, request }) => {
    await withoutJavaScript(browser, async (page) => {
      const captchaIds: string[] = [];
      for (let i = 0; i < 2; i++) {
        const response = await page.goto('/login');
        expect(response?.headers()['cache-control'], 'a page with a single-use captcha is never kept').toBe('no-store');
        await expect(page.getByRole('img', { name: /Captcha/ })).toBeVisible();
        captchaIds.push(JSON.parse((await page.locator('#page-data').textContent())!).captcha.id as string);
      }
      expect(captchaIds[0], 'each request gets its own captcha').not.toBe(captchaIds[1]);
      const check = await request.post('/api/captcha/check', { data: { id: captchaIds[0], answer: captchaAnswer(captchaIds[0]!) } });
      expect(await check.json()).toEqual({ valid: true });
      await expect(page.getByLabel('Email')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Login' })).toBeDisabled();

      await page.goto('/signUp');
      await page.getByLabel('Name').fill('Early Bird');
      await page.getByLabel('Password (8 to 128 characters)').press('Enter');
      await expect(page.getByRole('button', { name: 'SignUp' })).toBeDisabled();
      // The browser did not send the form itself (with the password in the address).
      expect(new URL(page.url()).search).toBe('');
    });
  });

  test('what a visitor types into the log-in form before the scripts have run is kept, and logs in', async ({ page, request }) => {
    const account = newAccount();
    await createAccount(request, account);
    const currentCaptcha = trackCaptcha(page);
    const releaseApp = await holdRequests(page, /\/assets\/main-[\w-]+\.js$/);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('img', { name: /Captcha/ })).toBeVisible();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    const captchaField = page.getByLabel('Type the captcha above');
    await captchaField.fill(captchaAnswer(await currentCaptcha()));
    await captchaField.blur();
    await expect(page.locator('#root[data-app-ready]')).toHaveCount(0);

    releaseApp();
    await expect(page.locator('#root[data-app-ready]')).toHaveCount(1);
    // The answer typed and left before the app ran is checked once it runs.
    await expect(page.getByText('Captcha matched.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('login successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('what a visitor types into the sign-up form before the scripts have run is kept', async ({ page }) => {
    const account = newAccount('early');
    const releaseApp = await holdRequests(page, /\/assets\/main-[\w-]+\.js$/);
    await page.goto('/signUp', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password (8 to 128 characters)').fill(account.password);
    releaseApp();
    const signUp = page.getByRole('button', { name: 'SignUp' });
    await expect(signUp).toBeEnabled();
    await expect(page.getByLabel('Name')).toHaveValue(account.name);
    await signUp.click();
    await expect(page.getByText('new user created')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText(account.name)).toBeVisible();
  });

  test('a hydrated order page answers clicks: another tab, then its dishes', async ({ page, request }) => {
    const spicy = (await menu(request)).filter((item) => item.category === 'spicy').map((item) => item.name);
    await page.goto('/order/offered');
    await expect(page).toHaveTitle(/Order Food/);
    await page.getByRole('tab', { name: 'Spicy' }).click();
    await expect(page).toHaveURL(/\/order\/spicy$/);
    await expect(page.getByRole('tabpanel').locator('article h3')).toHaveText(spicy);
  });

  test('a dish added by an administrator is on the next load of its tab, and gone after it is deleted', async ({ page, request, browser }) => {
    await signInAsNew(page, request, { admin: true });
    const image = (await menu(request))[0]!.image;
    const name = `Server-drawn juice ${Date.now()}`;
    const itemId = await page.evaluate(
      async ({ name, image }) => {
        const res = await fetch('/api/items', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('access-token')}` },
          body: JSON.stringify({ name, image, recipe: 'Pressed to order.', price: 4.5, category: 'juice' }),
        });
        if (res.status !== 201) throw new Error(`create: ${res.status}`);
        return ((await res.json()) as { insertedId: string }).insertedId;
      },
      { name, image },
    );
    await withoutJavaScript(browser, async (visitor) => {
      await visitor.goto('/order/juice');
      await expect(visitor.getByRole('tabpanel').getByRole('heading', { name, exact: true })).toBeVisible();
    });

    await page.evaluate(async (id) => {
      const res = await fetch(`/api/items/${id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${localStorage.getItem('access-token')}` },
      });
      if (res.status !== 200) throw new Error(`delete: ${res.status}`);
    }, itemId);
    await withoutJavaScript(browser, async (visitor) => {
      await visitor.goto('/order/juice');
      await expect(visitor.getByRole('tab', { selected: true })).toHaveText('Juice');
      await expect(visitor.getByRole('tabpanel').getByRole('heading', { name, exact: true })).toHaveCount(0);
    });
  });
});
