import type { Page } from '@playwright/test';

/**
 * Stops the page's fake clock (installed with `page.clock.install`) at its current time, so a
 * test advances timers only with `runFor` and the real time the test takes does not count.
 */
export async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  // A little ahead: the call itself takes a few milliseconds of the running clock.
  await page.clock.pauseAt(now + 300);
}
