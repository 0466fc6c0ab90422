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

/**
 * The second engine's classes (issue 45, found by HTML_CodeSniffer): a button whose accessible name
 * does not hold its visible words (WCAG 2.5.3), an aria-label on a plain span (screen readers
 * ignore it), a link to a place the page does not have.
 */
test('the accessibility check names label-in-name, an ignored aria-label and a dead in-page link', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Faults</title></head><body><main>
    <h1>Faults</h1>
    <button type="button" aria-label="Make Ada Green an admin">Make admin</button>
    <h2>New <span aria-label="4 orders">4</span></h2>
    <a href="#facebook">Facebook</a>
  </main></body></html>`);
  const failure = await expectAccessible(page).then(
    () => undefined,
    (error: Error) => error.message,
  );
  expect(failure).toContain('label-content-name-mismatch');
  expect(failure).toContain('aria-prohibited-attr');
  expect(failure).toContain('dead-in-page-link: #facebook');
});
