/**
 * The admin home's screenshots in docs/screenshots/ (admin-stats-1280.png, admin-stats-390.png):
 * `node scripts/stats-screenshots.ts` after `npm run build`. Starts the built shop on a fresh data
 * folder with 6,000 past orders of the last 60 days and 40 customers, signs an administrator in
 * (its session cookie and token put in the browser) and shoots the last 30 days.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { BENCH_RATE_LIMITS, signUpCustomer } from '../bench/lib/bench-customers.ts';
import { insertPastOrdersSqlite } from '../bench/lib/past-orders.ts';
import { startShop } from '../bench/lib/shop-process.ts';

const outDir = 'docs/screenshots';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-stats-shots-'));
// Not production: its session cookie is __Secure- and a browser keeps it only over HTTPS.
const env = { ...BENCH_RATE_LIMITS, NODE_ENV: 'test', SHOP_TIME_ZONE: process.env.SHOP_TIME_ZONE ?? 'Europe/Berlin' };
try {
  await (await startShop({ dataDir, env })).stop();
  insertPastOrdersSqlite(path.join(dataDir, 'shop.sqlite'), { orders: 6000, days: 60 });
  const shop = await startShop({ dataDir, env });
  try {
    const admin = await signUpCustomer(shop.url, 'owner');
    // Customers who signed up over the 60 days, more of them lately.
    const customers = [];
    for (let i = 0; i < 40; i++) customers.push(await signUpCustomer(shop.url, 'guest'));
    const db = new DatabaseSync(path.join(dataDir, 'shop.sqlite'));
    db.prepare("update users set role = 'admin', name = 'Rosa' where email = ?").run(admin.email);
    customers.forEach((c, i) => {
      const at = new Date(Date.now() - Math.floor(60 * (1 - Math.sqrt(i / 40)) * 86_400_000) - 3_600_000).toISOString();
      db.prepare('update users set created_at = ? where email = ?').run(at, c.email);
    });
    db.close();
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    fs.mkdirSync(outDir, { recursive: true });
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: width < 800 ? 844 : 800 }, reducedMotion: 'reduce' });
      const [name, value] = admin.cookie.split(/=(.*)/s) as [string, string];
      await context.addCookies([{ name, value, url: shop.url }]);
      await context.addInitScript((token) => localStorage.setItem('access-token', token), admin.token);
      const page = await context.newPage();
      await page.goto(`${shop.url}/dashboard/adminHome?period=last30`);
      await page.getByTestId('stat-revenue').waitFor();
      await page.locator('.recharts-wrapper').first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      const shot = await page.screenshot({ fullPage: true });
      await sharp(shot).png({ palette: true, quality: 90, effort: 8 }).toFile(`${outDir}/admin-stats-${width}.png`);
      console.log(`${outDir}/admin-stats-${width}.png`);
      await context.close();
    }
    await browser.close();
  } finally {
    await shop.stop();
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
