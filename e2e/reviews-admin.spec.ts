import { openSignedIn, signInAs } from './accessibility-helpers.ts';
import { expect, test } from './fixtures.ts';

// Hides a demo review for a moment: it runs in the project after the others (playwright.config.ts),
// so that no test counting the public reviews reads the list meanwhile.
test.describe('Manage Reviews (issue 43, point 9)', () => {
  test('the owner hides a demo review: the public page drops it at once, and shows it again', async ({ page, request }) => {
    // The last review: other tests read the first. Shown again at the end, as the demo had it.
    const reviews = (await (await request.get('/api/review')).json()) as { name: string; details: string }[];
    const last = reviews.at(-1)!;
    await signInAs(page, 'admin');
    await openSignedIn(page, '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Manage Reviews' }).click();
    await expect(page.getByRole('heading', { name: 'Manage Reviews', level: 1 })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: last.details });
    await row.getByRole('button', { name: `Hide the review by ${last.name}` }).click();
    await expect(page.getByText('The review is hidden from the public list.')).toBeVisible();
    await expect(row.getByRole('cell').nth(2)).toHaveText('hidden');

    await page.goto('/review');
    await expect(page.getByTestId('review-texts').locator('li')).toHaveCount(reviews.length - 1);
    await expect(page.getByTestId('review-texts')).not.toContainText(last.details);

    await page.goto('/dashboard/manage/reviews');
    await page.getByRole('row').filter({ hasText: last.details }).getByRole('button', { name: `Show the review by ${last.name}` }).click();
    await expect(page.getByText('The review is shown on the public list again.')).toBeVisible();
    expect(((await (await request.get('/api/review')).json()) as unknown[]).length).toBe(reviews.length);
  });
});
