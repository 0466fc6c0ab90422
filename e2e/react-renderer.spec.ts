import fs from 'node:fs';
import path from 'node:path';
import { HYDRATION_ERROR_PREFIX } from '../src/shared/rendered-page.ts';
import { expect, test } from './fixtures.ts';

/**
 * The web app runs on React itself, in the browser and in the server's renderer of the public
 * pages (docs/decisions/0037-react-renderer.md): these fail when a build swaps React for another
 * runtime, or when a hydration error would pass unnoticed.
 */

const WEB_DIR = path.resolve('dist/web');

/** The build's JavaScript files a public page loads first: the entry and what it imports, the app included. */
function firstLoadFiles(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(WEB_DIR, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }
  >;
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  visit('main.tsx');
  return [...seen];
}

/** Whether the element carries the marks React's DOM renderer puts on what it manages. */
const reactMarks = (selector: string): string =>
  `(() => { const el = document.querySelector(${JSON.stringify(selector)}); return el ? Object.keys(el).map((key) => key.split('$')[0]) : null; })()`;

test.describe("React's renderer", () => {
  test("the build's first load holds react-dom's client and the server's renderer imports react-dom", () => {
    const files = firstLoadFiles();
    expect(files.length).toBeGreaterThan(1);
    const firstLoad = files.map((file) => fs.readFileSync(path.join(WEB_DIR, file), 'utf8')).join('\n');
    // The container mark of react-dom's client (createRoot, hydrateRoot).
    expect(firstLoad).toContain('__reactContainer$');
    const everyAsset = fs.readdirSync(path.join(WEB_DIR, 'assets')).filter((file) => file.endsWith('.js'));
    for (const file of everyAsset) expect(fs.readFileSync(path.join(WEB_DIR, 'assets', file), 'utf8'), file).not.toMatch(/preact/i);
    const serverRenderer = fs.readFileSync(path.resolve('dist/server-render/server-render.js'), 'utf8');
    expect(serverRenderer).toMatch(/from\s*["']react-dom\/(static|server)["']/);
  });

  test('a page the server drew is hydrated by React, and a page the browser draws is rendered by React', async ({ page }) => {
    // Polled: the app's chunk may still be loading when the page's load event fires (a busy machine).
    await page.goto('/');
    await expect(page.locator('#root[data-server-rendered]')).toHaveCount(1);
    await expect.poll(() => page.evaluate(reactMarks('#root'))).toContain('__reactContainer');
    await expect.poll(() => page.evaluate(reactMarks('header a'))).toContain('__reactFiber');

    await page.goto('/forgot-password');
    await expect(page.locator('#root[data-server-rendered]')).toHaveCount(0);
    await expect.poll(() => page.evaluate(reactMarks('#root'))).toContain('__reactContainer');
    await expect.poll(() => page.evaluate(reactMarks('main h1, main h2'))).toContain('__reactFiber');
  });

  test("a server page that does not match the app's drawing is reported as a hydration error", async ({ browser }) => {
    // A page of its own, outside the shared test's error check: this error is the point here.
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.route('**/about', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/(<h1\b[^>]*>)([^<]+)/, '$1Not what the app draws');
      await route.fulfill({ response, body: html });
    });
    await page.goto('/about');
    await expect.poll(() => errors.some((text) => text.startsWith(HYDRATION_ERROR_PREFIX))).toBe(true);
    await page.close();
  });
});
