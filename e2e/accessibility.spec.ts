import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * WCAG 2.2 AA (issue 22): axe-core finds no violation at all, of any impact, on the pages
 * checked here, with every lazily drawn section in place (the page scrolled to its end).
 * The other browser tests hold pages to serious and critical findings (fixtures.ts).
 */
async function expectNoViolation(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const found = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(found).toEqual([]);
}

async function scrollToTheEnd(page: Page): Promise<void> {
  for (let i = 0; i < 12; i++) {
    await page.mouse.wheel(0, 1200);
    await page.waitForTimeout(100);
  }
}

for (const width of [1280, 390]) {
  test(`the home page after scrolling, at ${width} px: no axe violation`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await scrollToTheEnd(page);
    await expect(page.getByRole('heading', { name: 'Raw Roots Reviews' })).toBeVisible();
    await expect(page.getByTestId('open-now')).toHaveAttribute('data-state', /open|closed|paused/);
    await expectNoViolation(page);
  });

  test(`the item list, at ${width} px: no axe violation`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/items');
    await scrollToTheEnd(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Spicy' })).toBeVisible();
    await expectNoViolation(page);
  });
}
