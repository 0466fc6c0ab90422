/**
 * Screenshots of every public page at 390 px and 1280 px wide into docs/screenshots/, taken from
 * a running shop: `BASE_URL=http://127.0.0.1:3000 node scripts/storefront-screenshots.ts`.
 * Full pages, after scrolling to the end so that lazy pictures and sections have loaded.
 */
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const baseURL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const outDir = 'docs/screenshots';
const PAGES = [
  ['home', '/'],
  ['about', '/about'],
  ['detail-about', '/detail_about'],
  ['review', '/review'],
  ['items', '/items'],
  ['order', '/order/offered'],
  ['order-all', '/order'],
  ['play-store', '/play-store'],
] as const;

fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const width of [390, 1280]) {
  // Reduced motion: sliders hold their first slide and the video its poster, so shots are stable.
  const context = await browser.newContext({ viewport: { width, height: width < 800 ? 844 : 800 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  for (const [name, route] of PAGES) {
    await page.goto(baseURL + route);
    await page.waitForLoadState('networkidle');
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(120);
    }
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${outDir}/${name}-${width}.png`, fullPage: true });
    console.log(`${name}-${width}.png`);
  }
  await context.close();
}
await browser.close();
