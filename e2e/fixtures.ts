import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { APP_READY_ATTRIBUTE, HYDRATION_ERROR_PREFIX, SERVER_RENDERED_ATTRIBUTE } from '../src/shared/rendered-page.ts';

/**
 * Waits until React has taken over a page the server rendered. Its scripts load only after the
 * page itself (src/web/boot.ts); a button pressed until then is pressed again once it has
 * (src/web/app/early-presses.ts), and these tests press what is live.
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
 * list the message patterns they allow with `allowConsoleErrors`; a hydration error React recovered
 * from (src/web/main.tsx) can never be allowed.
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
        const hydration = message.text().startsWith(HYDRATION_ERROR_PREFIX);
        if (message.type() === 'error' && (hydration || !allowed.some((p) => p.test(message.text())))) {
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
 * A second look at what axe's default rules let through, as HTML_CodeSniffer found on the shop
 * (issue 45): axe's experimental label-content-name-mismatch (a control's visible words inside its
 * accessible name, WCAG 2.5.3, which voice control needs), run beside the default rules.
 */
export const AXE_EXTRA_RULES = ['label-content-name-mismatch'];

/**
 * axe's "needs review" answers that count as violations: aria-prohibited-attr asks for review
 * (instead of failing) when an aria-label sits on a plain span or div with text, which screen
 * readers ignore (WCAG 4.1.2); the shop has no such element that is right.
 */
export const AXE_REVIEW_AS_VIOLATION = ['aria-prohibited-attr'];

/**
 * axe-core on the current page: no violation at all, nor a dead in-page link. `exclude` leaves out
 * nodes that are not the shop's to fix; each caller says why beside it.
 */
export async function expectAccessible(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  // Only the violations in full: axe then keeps one node of each passed rule instead of all of
  // them, which halves a run on a long page (e2e/accessibility-check.spec.ts: faults still found).
  // Legacy mode runs axe in the page itself, without a blank page to gather each frame's results
  // in: a third of the time on a long page. It skips cross-origin frames, and the shop draws none
  // of its own (docs/decisions/0046-axe-in-the-page.md).
  const rules = Object.fromEntries(AXE_EXTRA_RULES.map((id) => [id, { enabled: true }]));
  // The tags after the options: `options()` replaces the whole set, the tags' filter with it.
  let axe = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'], rules }).withTags(AXE_TAGS);
  for (const selector of options.exclude ?? []) axe = axe.exclude(selector);
  const results = await axe.analyze();
  const failed = [...results.violations, ...results.incomplete.filter((result) => AXE_REVIEW_AS_VIOLATION.includes(result.id))];
  if (failed.length > 0) {
    // Every node and axe's advice, for whoever fixes it (the message lists three nodes a rule).
    await base.info().attach('axe violations', { body: JSON.stringify(failed, null, 2), contentType: 'application/json' });
  }
  const found = failed.map((v) => `${v.id} (${v.impact}): ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
  expect([...found, ...(await faintFieldEdges(page)), ...(await deadInPageLinks(page))], `accessibility violations on ${page.url()}`).toEqual([]);
}

/**
 * A link to a place in the page (`#name`) that the page does not have: it goes nowhere while it
 * says it goes somewhere (the footer's `#facebook`, issue 45). Neither axe nor the browser tells.
 */
export async function deadInPageLinks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')]
      .filter((link) => {
        const target = decodeURIComponent(link.getAttribute('href')!.slice(1));
        return target !== '' && target !== 'top' && !document.getElementById(target) && document.getElementsByName(target).length === 0;
      })
      .map((link) => `dead-in-page-link: ${link.getAttribute('href')} (${link.getAttribute('aria-label') ?? link.textContent?.trim() ?? ''}) leads to nothing on the page`),
  );
}

/**
 * WCAG 1.4.11, which axe does not check: a text field, list or text area at rest must be told from
 * what is around it at 3:1, by its border or by its own background. Each enabled, visible field of
 * the page is measured (colours read through a canvas, which understands every CSS colour form),
 * except the focused one, whose ring is measured by the keyboard tests. Returns one line a field.
 */
export async function faintFieldEdges(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    type Rgba = [number, number, number, number];
    const rgba = (color: string): Rgba => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = color;
      canvas.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const over = ([r, g, b, a]: Rgba, [br, bg, bb]: Rgba): Rgba => [r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a), 1];
    const backgroundBehind = (element: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let e = element; e; e = e.parentElement) {
        const layer = rgba(getComputedStyle(e).backgroundColor);
        if (layer[3] > 0) layers.push(layer);
        if (layer[3] === 1) break;
      }
      return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
    };
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const contrast = (a: Rgba, b: Rgba) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (light! + 0.05) / (dark! + 0.05);
    };
    const fields = document.querySelectorAll<HTMLElement>(
      'input:not([type=hidden],[type=checkbox],[type=radio],[type=file],[type=range],[type=color],[type=submit],[type=button]), select, textarea',
    );
    const faint: string[] = [];
    for (const field of fields) {
      const box = field.getBoundingClientRect();
      const style = getComputedStyle(field);
      if (box.width < 8 || box.height < 8 || style.visibility !== 'visible' || Number(style.opacity) === 0) continue;
      if ((field as HTMLInputElement).disabled || field === document.activeElement) continue;
      const around = backgroundBehind(field.parentElement);
      const inside = over(rgba(style.backgroundColor), around);
      if (contrast(inside, around) >= 3) continue;
      const border = over(rgba(style.borderBottomColor), around);
      const ratio = contrast(border, around);
      if (parseFloat(style.borderBottomWidth) < 1 || ratio < 3) {
        const name = field.id ? `#${field.id}` : `${field.tagName.toLowerCase()}[name="${field.getAttribute('name') ?? ''}"]`;
        faint.push(`field-edge-contrast: ${name} is told from its background at ${ratio.toFixed(2)}:1, under 3:1 (WCAG 1.4.11)`);
      }
    }
    return faint;
  });
}
