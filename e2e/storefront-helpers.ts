import type { Page } from '@playwright/test';

/**
 * Stops the page's fake clock (installed with `page.clock.install`) at its current time, so a
 * test advances timers only with `runFor` and the real time the test takes does not count.
 */
export async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  try {
    // A little ahead: the call itself takes a few milliseconds of the running clock.
    await page.clock.pauseAt(now + 300);
  } catch (error) {
    // On a busy machine more than that passed: the clock has already stopped (pausing comes
    // before the fast-forward that failed), so stopping again at its own time only confirms it.
    if (!String(error).includes('fast-forward to the past')) throw error;
    await page.clock.pauseAt(await page.evaluate(() => Date.now()));
  }
}
