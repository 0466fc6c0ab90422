import { menu, signInAsNew } from './cart-helpers.ts';
import { expect, test } from './fixtures.ts';
import { boardCard, openInApp, placeOrderViaApi, signInAsNewStaff } from './order-helpers.ts';

/**
 * The server ends an order stream at its lifetime (STREAM_MAX_LIFETIME_MS) with a `reconnect`
 * frame: the board connects again at once and keeps following, and never says "Reconnecting…"
 * for an end that was planned. The first stream here is the server's planned end itself, as it
 * writes it (src/server/orders/order-stream.ts); every later one is the real stream.
 */
test('a stream ended at its lifetime is followed by a new one at once, the board staying "Live"', async ({ page, browser, request }) => {
  test.setTimeout(60_000);
  await page.addInitScript(() => {
    const states: string[] = [];
    (window as unknown as { liveStates: string[] }).liveStates = states;
    new MutationObserver(() => {
      const state = document.querySelector('[data-testid="live-indicator"]')?.getAttribute('data-state');
      if (state && states.at(-1) !== state) states.push(state);
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  });
  let planned = 0;
  await page.route('**/api/orders/events**', async (route) => {
    if (planned > 0) return route.continue();
    planned += 1;
    await route.fulfill({
      status: 200,
      headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' },
      body: 'retry: 3000\n\nretry: 500\nevent: reconnect\ndata: {}\n\n',
    });
  });

  await signInAsNewStaff(page, request);
  await openInApp(page, '/dashboard/orders');
  await expect(page.getByTestId('live-indicator')).toHaveText('Live');
  await expect.poll(() => planned).toBe(1);

  // The new stream follows: an order placed now reaches the board without a reload.
  const [item] = await menu(request);
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await signInAsNew(customer, customerContext.request);
  const order = await placeOrderViaApi(customer, [item!._id]);
  await customerContext.close();
  await expect(boardCard(page, order.number)).toBeVisible({ timeout: 5_000 });
  const states = await page.evaluate(() => (window as unknown as { liveStates: string[] }).liveStates);
  expect(states).not.toContain('reconnecting');
  expect(states.at(-1)).toBe('live');
});
