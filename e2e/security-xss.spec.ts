import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { dataDir } from './auth-helpers.ts';
import { addToCartViaApi, menu, signInAsNew } from './cart-helpers.ts';
import { expect, test } from './fixtures.ts';

/**
 * Stored script payloads in an item's name and recipe, a review and a display name: every page
 * that shows them shows them as text. Each payload would set window.__xss or open a dialog if it
 * ran; the test asserts neither happened (and the shared fixture fails on any console error, which
 * a blocked inline script or a broken <img src=x> would also cause).
 */
const PAYLOADS = {
  name: `<img src=x onerror="window.__xss='name';alert('name')">`,
  recipe: `<script>window.__xss='recipe'</script><svg onload="window.__xss='svg';alert('svg')"></svg>`,
  review: `</p><script>window.__xss='review';alert('review')</script><iframe src="javascript:alert('frame')"></iframe>`,
  displayName: `<img src=x onerror=alert('user')>`,
};

test('stored script payloads are shown as text and never run', async ({ page, request }) => {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await signInAsNew(page, request, { admin: true });
  const image = (await menu(request))[0]!.image;

  const itemId = await page.evaluate(
    async ({ name, recipe, image }) => {
      const auth = { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('access-token')}` };
      const created = await fetch('/api/items', { method: 'POST', headers: auth, body: JSON.stringify({ name, recipe, image, price: 9.5, category: 'raw-special' }) });
      if (created.status !== 201) throw new Error(`create: ${created.status}`);
      return ((await created.json()) as { insertedId: string }).insertedId;
    },
    { name: PAYLOADS.name, recipe: PAYLOADS.recipe, image },
  );
  const renamed = await page.evaluate(async (name) => {
    const res = await fetch('/api/auth/update-user', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
    return res.status;
  }, PAYLOADS.displayName);
  expect(renamed).toBe(200);
  await addToCartViaApi(page, itemId);

  // Written straight into the shop's SQLite file, with no 'reviews.changed' event: the shop sees
  // another connection's commit (PRAGMA data_version) within a tenth of a second and reads the
  // reviews again (decision 0040), so the review pages below really hold the payload.
  const reviewId = randomUUID();
  const db = new DatabaseSync(path.join(dataDir(), 'shop.sqlite'));
  db.prepare('insert into reviews (id, name, image, details, created_at) values (?, ?, ?, ?, ?)').run(
    reviewId,
    PAYLOADS.displayName,
    image,
    PAYLOADS.review,
    new Date().toISOString(),
  );
  await expect.poll(async () => (await page.request.get('/api/review')).text()).toContain(reviewId);

  try {
    for (const url of [
      '/',
      '/review',
      '/items',
      '/order/raw-special',
      '/dashboard/userHome',
      '/dashboard/adminHome',
      '/dashboard/all/users',
      '/dashboard/my/cart',
      '/dashboard/manage/item',
      `/dashboard/update/item/${itemId}`,
      '/dashboard/payment',
    ]) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss), url).toBeUndefined();
      expect(dialogs, url).toEqual([]);
      // The page really holds the payload (as text): the check is not passing on an empty page.
      if (url === '/dashboard/manage/item' || url === '/dashboard/my/cart') {
        await expect(page.getByText(PAYLOADS.name).first(), url).toBeVisible();
      }
      if (url === '/dashboard/all/users') await expect(page.getByText(PAYLOADS.displayName).first()).toBeVisible();
      if (url === '/review') await expect(page.getByTestId('review-texts')).toContainText(PAYLOADS.review);
    }
    await page.goto('/order/raw-special');
    await page.getByText(PAYLOADS.recipe).first().scrollIntoViewIfNeeded();
    await expect(page.getByText(PAYLOADS.recipe).first()).toBeVisible();
    expect(await page.evaluate(() => document.querySelectorAll('img[src="x"], script:not([src]):not(#page-data), iframe').length)).toBe(0);
    // The server drew this page with the menu and sent the menu along as JSON: the payload stays data.
    const sentRecipes = await page.evaluate(() => (JSON.parse(document.getElementById('page-data')!.textContent!) as { menu: { recipe: string }[] }).menu.map((item) => item.recipe));
    expect(sentRecipes).toContain(PAYLOADS.recipe);
  } finally {
    db.prepare('delete from reviews where id = ?').run(reviewId);
    db.close();
    await page.evaluate(async (id) => {
      await fetch(`/api/items/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${localStorage.getItem('access-token')}` } });
    }, itemId);
  }
  // The review is gone from the shop's answers too, so the other specs see the demo reviews only.
  await expect.poll(async () => (await request.get('/api/review')).text()).not.toContain(reviewId);
});
