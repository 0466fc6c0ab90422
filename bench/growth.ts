/**
 * `npm run bench:growth`: how the shop's cost grows with its menu and its orders. The shop runs
 * first on its seeded demo menu, then again on the same database after 10,000 menu items and
 * 100,000 payments were inserted directly (GROWTH_ITEMS, GROWTH_PAYMENTS), on SQLite and (when
 * installed) PostgreSQL. For each: the size and time of GET /api/items (as sent, and gzipped as a
 * browser asks for it), its throughput, the order page's time to show its first tab's cards and
 * the item list's time to show its first dish in Chromium (with the menu each downloaded), and
 * the time of GET /api/admin-statistics.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { chromium, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { CATEGORIES } from '../src/shared/category-list.ts';
import { BENCH_RATE_LIMITS, signUpCustomer } from './lib/bench-customers.ts';
import { measure } from './lib/measure.ts';
import { withPostgres } from './lib/postgres.ts';
import { startShop, type ShopProcess } from './lib/shop-process.ts';

const ITEMS = Number(process.env.GROWTH_ITEMS ?? 10_000);
const PAYMENTS = Number(process.env.GROWTH_PAYMENTS ?? 100_000);
const SAMPLES = 15;

interface Row {
  database: string;
  data: string;
  itemsKb: number;
  itemsGzipKb: number;
  itemsMs: number;
  itemsGzipMs: number;
  itemsRps: number;
  itemsGzipRps: number;
  orderFirstTab: PageFigures;
  itemList: PageFigures;
  statsMs: number;
  /** The first search of a menu version (it builds the index), and the slower of two later searches, ms. */
  searchFirstMs: number;
  searchMs: number;
}

/** One raw GET (no decompression): bytes on the wire and milliseconds to the last byte. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ bytes: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    http
      .get(url, { headers }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ bytes, ms: performance.now() - start }));
      })
      .on('error', reject);
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(url: string, headers: Record<string, string> = {}) {
  const runs = [];
  for (let i = 0; i < SAMPLES; i++) runs.push(await rawGet(url, headers));
  return { bytes: runs[0]!.bytes, ms: median(runs.map((r) => r.ms)) };
}

interface PageFigures {
  /** From navigation to the first dish on screen, median of three fresh contexts. */
  ms: number;
  /** The menu the page downloaded (GET /api/items in any form, as sent: gzipped), KB. */
  menuKb: number;
}

/**
 * A page opened fresh, three times: from navigation to the first dish of `dish` on screen (or in
 * the page, `attached`), and
 * the bytes of menu it asked for (none when the menu came drawn into the page).
 */
async function firstDish(shopUrl: string, pathname: string, dish: (page: Page) => Locator, state: 'visible' | 'attached' = 'visible'): Promise<PageFigures> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const runs = [];
    let menuBytes = 0;
    for (let i = 0; i < 3; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      menuBytes = 0;
      page.on('response', (response) => {
        if (new URL(response.url()).pathname === '/api/items') menuBytes += Number(response.headers()['content-length'] ?? 0);
      });
      const start = performance.now();
      await page.goto(`${shopUrl}${pathname}`, { waitUntil: 'commit' });
      await dish(page).first().waitFor({ state, timeout: 120_000 });
      runs.push(performance.now() - start);
      // What the page asks for once it runs, too: the app starts after the page's load.
      await page.waitForLoadState('load');
      await page.waitForSelector('#root[data-app-ready]', { timeout: 120_000 });
      await page.waitForLoadState('networkidle');
      await context.close();
    }
    return { ms: median(runs), menuKb: menuBytes / 1024 };
  } finally {
    await browser.close();
  }
}

async function figures(shop: ShopProcess, database: string, data: string, makeAdmin: (email: string) => Promise<void>): Promise<Row> {
  const items = `${shop.url}/api/items`;
  const plain = await timed(items);
  const gzip = await timed(items, { 'accept-encoding': 'gzip, deflate, br' });
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const rps = (await measure('items', items, { seconds, connections: 10 })).requestsPerSecond;
  const gzipRps = (await measure('items gzip', items, { seconds, connections: 10, headers: { 'accept-encoding': 'gzip, deflate, br' } })).requestsPerSecond;
  const admin = await signUpCustomer(shop.url, 'growth-admin');
  await makeAdmin(admin.email);
  const stats = await timed(`${shop.url}/api/admin-statistics`, admin.headers);
  // The search (GET /api/items?q=): the first one builds the snapshot's index, then each is a lookup.
  const searchFirst = await rawGet(`${shop.url}/api/items?q=sprouted`, {});
  const searchTypo = await timed(`${shop.url}/api/items?q=${encodeURIComponent('sprotued seeds')}`);
  const searchFiltered = await timed(`${shop.url}/api/items?q=lemon&tags=vegan&without=nuts`);
  return {
    searchFirstMs: searchFirst.ms,
    searchMs: Math.max(searchTypo.ms, searchFiltered.ms),
    database,
    data,
    itemsKb: plain.bytes / 1024,
    itemsGzipKb: gzip.bytes / 1024,
    itemsMs: plain.ms,
    itemsGzipMs: gzip.ms,
    itemsRps: rps,
    itemsGzipRps: gzipRps,
    orderFirstTab: await firstDish(shop.url, '/order/offered', (page) => page.getByTestId('menu-grid').locator('article h3')),
    // In the page, not on screen: the blocks below the video are laid out only when scrolled near.
    itemList: await firstDish(shop.url, '/items', (page) => page.locator('section[data-category] li h4'), 'attached'),
    statsMs: stats.ms,
  };
}

/** The grown data, as rows of both tables (ids, names and dates unique, categories in turn). */
function grownRows() {
  const now = Date.now();
  const items = Array.from({ length: ITEMS }, (_, i) => {
    const price = 500 + (i % 2000);
    return [randomUUID(), `Growth dish ${i + 1}`, CATEGORIES[i % CATEGORIES.length]!, price, i % 7 === 0 ? price - 100 : null,
      'Sprouted seeds, cold-pressed oil, herbs of the day and a squeeze of lemon.', new Date(now - i * 1000).toISOString()] as const;
  });
  const payments = Array.from({ length: PAYMENTS }, (_, i) => [randomUUID(), `pi_growth_${i}`, `Customer ${i % 5000}`, `customer-${i % 5000}@example.test`,
    1000 + (i % 9000), 1 + (i % 4), new Date(now - i * 60_000).toISOString()] as const);
  return { items, payments };
}

const ITEM_SQL = (p: (n: number) => string) =>
  `insert into menu_items (id, name, category, price_cents, new_price_cents, recipe, image, created_at) values (${[1, 2, 3, 4, 5, 6, 7, 8].map(p).join(', ')})`;
const PAYMENT_SQL = (p: (n: number) => string) =>
  `insert into payments (id, transaction_id, user_id, name, email, price_cents, quantity, cart_item_ids, menu_item_ids, item_names, status, created_at) values (${p(1)}, ${p(2)}, null, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, '[]', '[]', '[]', 'succeeded', ${p(7)})`;

interface Store {
  /** Inserts the grown menu and payments directly in the shop's database. */
  grow(): Promise<void>;
  /** Makes the user of this e-mail an administrator (as `npm run admin:promote` does). */
  makeAdmin(email: string): Promise<void>;
}

async function runOn(database: string, dataDir: string, databaseUrl: string | undefined, store: Store): Promise<Row[]> {
  let shop = await startShop({ databaseUrl, dataDir, env: BENCH_RATE_LIMITS });
  const seeded = await figures(shop, database, 'demo menu', (email) => store.makeAdmin(email));
  await shop.stop();
  const started = performance.now();
  await store.grow();
  console.log(`${database}: ${ITEMS} items and ${PAYMENTS} payments inserted in ${Math.round(performance.now() - started)} ms`);
  shop = await startShop({ databaseUrl, dataDir, env: BENCH_RATE_LIMITS });
  try {
    return [seeded, await figures(shop, database, `+${ITEMS.toLocaleString('en')} items, +${PAYMENTS.toLocaleString('en')} payments`, (email) => store.makeAdmin(email))];
  } finally {
    await shop.stop();
  }
}

function sqliteStore(file: string): Store {
  return {
    grow: async () => {
      const db = new DatabaseSync(file);
      const image = (db.prepare('select image from menu_items limit 1').get() as { image: string }).image;
      const { items, payments } = grownRows();
      db.exec('begin');
      const item = db.prepare(ITEM_SQL(() => '?'));
      for (const [id, name, category, price, newPrice, recipe, createdAt] of items) item.run(id, name, category, price, newPrice, recipe, image, createdAt);
      const payment = db.prepare(PAYMENT_SQL(() => '?'));
      for (const values of payments) payment.run(...values);
      db.exec('commit');
      db.close();
    },
    makeAdmin: async (email) => {
      const db = new DatabaseSync(file);
      db.prepare("update users set role = 'admin' where email = ?").run(email);
      db.close();
    },
  };
}

function postgresStore(url: string): Store {
  const withClient = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    grow: () =>
      withClient(async (client) => {
        const image = (await client.query<{ image: string }>('select image from menu_items limit 1')).rows[0]!.image;
        const { items, payments } = grownRows();
        await client.query('begin');
        for (const [id, name, category, price, newPrice, recipe, createdAt] of items) {
          await client.query(ITEM_SQL((n) => `$${n}`), [id, name, category, price, newPrice, recipe, image, createdAt]);
        }
        // Payments in batches of 1,000 rows a statement: 100,000 round trips would measure the loopback.
        for (let i = 0; i < payments.length; i += 1000) {
          const batch = payments.slice(i, i + 1000);
          const values = batch.map((_, r) => `($${r * 7 + 1}, $${r * 7 + 2}, null, $${r * 7 + 3}, $${r * 7 + 4}, $${r * 7 + 5}, $${r * 7 + 6}, '[]', '[]', '[]', 'succeeded', $${r * 7 + 7})`);
          await client.query(
            `insert into payments (id, transaction_id, user_id, name, email, price_cents, quantity, cart_item_ids, menu_item_ids, item_names, status, created_at) values ${values.join(', ')}`,
            batch.flat(),
          );
        }
        await client.query('commit');
        await client.query('analyze');
      }),
    makeAdmin: (email) => withClient(async (client) => void (await client.query("update users set role = 'admin' where email = $1", [email]))),
  };
}

const rows: Row[] = [];
const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-growth-'));
try {
  rows.push(...(await runOn('SQLite', sqliteDir, undefined, sqliteStore(path.join(sqliteDir, 'shop.sqlite')))));
} finally {
  fs.rmSync(sqliteDir, { recursive: true, force: true });
}
const pgRows = await withPostgres(async (url) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-growth-'));
  try {
    return await runOn('PostgreSQL', dir, url, postgresStore(url));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
if (pgRows) rows.push(...pgRows);
else console.log('PostgreSQL skipped: its server programs are not installed.');

console.log(
  '\n| database | data | /api/items KB (gzip KB) | /api/items ms (gzip ms) | /api/items req/s, 10 conn. (gzip) | order page first tab ms (menu KB fetched) | item list first dish ms (menu KB fetched) | admin statistics ms | search ms (first, building the index) |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.database} | ${r.data} | ${r.itemsKb.toFixed(1)} (${r.itemsGzipKb.toFixed(1)}) | ${r.itemsMs.toFixed(1)} (${r.itemsGzipMs.toFixed(1)}) | ${Math.round(r.itemsRps)} (${Math.round(r.itemsGzipRps)}) | ${Math.round(r.orderFirstTab.ms)} (${r.orderFirstTab.menuKb.toFixed(1)}) | ${Math.round(r.itemList.ms)} (${r.itemList.menuKb.toFixed(1)}) | ${r.statsMs.toFixed(1)} | ${r.searchMs.toFixed(1)} (${Math.round(r.searchFirstMs)}) |`,
  );
}
