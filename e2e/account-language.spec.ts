import { signInAsNew } from './cart-helpers.ts';
import { expect, test } from './fixtures.ts';

/**
 * A signed-in customer's choice in the header is saved to the account (docs/i18n.md), so their
 * mails follow it.
 */
test('a customer who switches to German in the header has it saved to the account', async ({ page, request }) => {
  await signInAsNew(page, request);
  await page.goto('/about');
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/account/preferences') && response.request().method() === 'PATCH');
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' });
  expect((await saved).status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const profile = await page.evaluate(async () => {
    const response = await fetch('/api/account', { headers: { authorization: `Bearer ${localStorage.getItem('access-token')}` } });
    return (await response.json()) as { language: string | null };
  });
  expect(profile.language).toBe('de');
});
