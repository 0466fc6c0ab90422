import type { Locator, Page } from '@playwright/test';

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

/**
 * Runs the paused clock in steps of 100 ms until `item` carries data-current="true", within
 * `limitMs`: a slider's next interval is then measured from the moment it moved, wherever its
 * timer stood when the clock was paused (the slider's timer starts in real time, before the pause).
 */
export async function runClockUntilCurrent(page: Page, item: Locator, limitMs: number): Promise<void> {
  for (let ran = 0; (await item.getAttribute('data-current')) !== 'true'; ran += 100) {
    if (ran >= limitMs) throw new Error(`not the current one after ${limitMs} ms`);
    await page.clock.runFor(100);
  }
}
