import { expect, expectAccessible, test } from './fixtures.ts';

/**
 * The check every browser test relies on (fixtures.ts's expectAccessible) still finds faults with
 * its speed options: a picture without a text, faint text and a faint field edge on a page of its own.
 */
test('the accessibility check names the faults of a page that has them', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Faults</title></head><body><main>
    <h1>Faults</h1>
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20">
    <p style="color:#bbb;background:#fff">Faint text</p>
    <label for="f">Name</label><input id="f" style="border:1px solid #eee;background:#fff">
  </main></body></html>`);
  const failure = await expectAccessible(page).then(
    () => undefined,
    (error: Error) => error.message,
  );
  expect(failure).toContain('image-alt');
  expect(failure).toContain('color-contrast');
  expect(failure).toContain('field-edge-contrast: #f');
});
