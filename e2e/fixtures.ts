import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { APP_READY_ATTRIBUTE, SERVER_RENDERED_ATTRIBUTE } from '../src/shared/rendered-page.ts';

/**
 * Waits until React has taken over a page the server rendered. Its scripts load only after the
 * page itself (src/web/boot.ts); until then its buttons do nothing, as for a visitor.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(
    ([rendered, ready]) => {
      const root = document.getElementById('root');
      return !root?.hasAttribute(rendered) || root.hasAttribute(ready);
    },
    [SERVER_RENDERED_ATTRIBUTE, APP_READY_ATTRIBUTE] as const,
  );
}

/** Holds the answers to the page's requests for `url` until the returned function is called. */
export async function holdRequests(page: Page, url: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * The shared test: any console error or uncaught exception in the page fails it, so a page that
 * "works" while throwing is caught. Tests that expect an error response (a 401, a 404 page)
 * list the message patterns they allow with `allowConsoleErrors`.
 *
 * `page.goto` and `page.reload` (waiting for `load`, their default) also wait for the app to
 * take over a server-rendered page, so that a test clicks what a visitor could click.
 */
export const test = base.extend<{ allowConsoleErrors: (pattern: RegExp) => void }>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const thenApp = async <T>(navigation: Promise<T>, waitUntil = 'load'): Promise<T> => {
      const response = await navigation;
      if (waitUntil === 'load') await waitForApp(page);
      return response;
    };
    page.goto = (url, options) => thenApp(goto(url, options), options?.waitUntil);
    page.reload = (options) => thenApp(reload(options), options?.waitUntil);
    await use(page);
  },
  allowConsoleErrors: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !allowed.some((p) => p.test(message.text()))) {
          errors.push(message.text());
        }
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use((pattern) => allowed.push(pattern));
      expect(errors, 'console errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * What axe-core holds every page to (issue 22): the WCAG 2.0, 2.1 and 2.2 A and AA rules and axe's
 * best practices, at any impact. One list for every browser test (e2e/accessibility.spec.ts walks
 * every page and dialog with it).
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe-core on the current page: no violation at all. `exclude` leaves out nodes that are not the
 * shop's to fix; each caller says why beside it.
 */
export async function expectAccessible(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  let axe = new AxeBuilder({ page }).withTags(AXE_TAGS);
  for (const selector of options.exclude ?? []) axe = axe.exclude(selector);
  const results = await axe.analyze();
  if (results.violations.length > 0) {
    // Every node and axe's advice, for whoever fixes it (the message lists three nodes a rule).
    await base.info().attach('axe violations', { body: JSON.stringify(results.violations, null, 2), contentType: 'application/json' });
  }
  const found = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
  expect(found, `accessibility violations on ${page.url()}`).toEqual([]);
}
