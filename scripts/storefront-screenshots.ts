/**
 * Screenshots of every public page at 390 px and 1280 px wide into docs/screenshots/, taken from
 * a running shop: `BASE_URL=http://127.0.0.1:3000 node scripts/storefront-screenshots.ts`.
 * Full pages, after scrolling to the end so that lazy pictures and sections have loaded.
 */
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import sharp from 'sharp';

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
      await page.waitForTimeout(300);
    }
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    // A 256-colour PNG: a tenth of the bytes in the repository, the same to the eye.
    const shot = await page.screenshot({ fullPage: true });
    await sharp(shot).png({ palette: true, quality: 90, effort: 8 }).toFile(`${outDir}/${name}-${width}.png`);
    console.log(`${name}-${width}.png`);
  }
  await context.close();
}
await browser.close();
