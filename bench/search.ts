/**
 * The menu's search (GET /api/items?q=, docs/product.md §18) on a menu of 10,000 dishes: the real
 * shop (its own process, SQLite), the dishes inserted in its database, then searches as a customer
 * types them (typos, several words, filters) one after another over HTTP on the loopback. Reports
 * the first search of the menu version (it builds the index) and each query's median and p95.
 * Budget: 50 ms (docs/product.md §18). Run with `npm run bench:search`.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { CATEGORIES } from '../src/shared/category-list.ts';
import { ALLERGENS, DISH_TAGS } from '../src/shared/dish-labels.ts';
import { BENCH_RATE_LIMITS } from './lib/bench-customers.ts';
import { startShop } from './lib/shop-process.ts';

const DISHES = Number(process.env.BENCH_DISHES ?? 10_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 50);
const BUDGET_MS = 50;

// Names and recipes from word lists, so the index holds a real vocabulary, not one dish 10,000 times.
const BASES = ['kale', 'beet', 'mango', 'avocado', 'cashew', 'zucchini', 'carrot', 'fennel', 'papaya', 'coconut', 'spinach', 'cucumber', 'lentil', 'quinoa', 'walnut', 'almond', 'tomato', 'pepper', 'ginger', 'lime'];
const DISH_WORDS = ['bowl', 'salad', 'wrap', 'soup', 'roll', 'tart', 'slaw', 'shot', 'smoothie', 'lasagna', 'noodles', 'crackers', 'bites', 'parfait', 'pudding', 'salsa'];
const EXTRAS = ['sprouted seeds', 'cold-pressed oil', 'herbs of the day', 'lemon', 'tahini dressing', 'chili flakes', 'sesame', 'dates', 'vanilla', 'sea salt', 'miso', 'basil pesto', 'pickled ginger', 'mint', 'turmeric', 'sunflower pâté'];

function dish(i: number) {
  const base = BASES[i % BASES.length]!;
  const kind = DISH_WORDS[Math.floor(i / BASES.length) % DISH_WORDS.length]!;
  const extras = [EXTRAS[i % EXTRAS.length], EXTRAS[(i * 7) % EXTRAS.length], EXTRAS[(i * 13) % EXTRAS.length]];
  const tags = DISH_TAGS.filter((_, t) => (i >> t) % 3 === 0);
  const allergens = ALLERGENS.filter((_, a) => (i * 31 + a * 17) % 11 === 0);
  return {
    name: `${base[0]!.toUpperCase()}${base.slice(1)} ${kind} no. ${i + 1}`,
    recipe: `${base} ${kind} with ${extras.join(', ')}.`,
    category: CATEGORIES[i % CATEGORIES.length]!,
    tags: tags.join(','),
    allergens: allergens.join(','),
  };
}

const QUERIES = [
  'lasagan', // a typo of a dish word
  'sprotued seeds', // two words, one mistyped
  'mango smoothie',
  'avoca', // still typing: a prefix
  'vegan', // a tag
  'raw fruits', // a category
  'ginger&tags=vegan,gluten-free&without=nuts,sesame', // filters
  'xylophone', // nothing
];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-search-'));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))]!;

async function timedGet(url: string): Promise<{ ms: number; count: number }> {
  const start = performance.now();
  const res = await fetch(url);
  const body = (await res.json()) as unknown[];
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return { ms: performance.now() - start, count: body.length };
}

try {
  // The first start migrates and seeds the demo menu; the dishes go in while it is stopped.
  const first = await startShop({ env: BENCH_RATE_LIMITS, dataDir });
  await first.stop();
  const db = new DatabaseSync(path.join(dataDir, 'shop.sqlite'));
  const image = (db.prepare('select image from menu_items limit 1').get() as { image: string }).image;
  const insert = db.prepare(
    'insert into menu_items (id, name, category, price_cents, new_price_cents, recipe, image, created_at, tags, allergens) values (?, ?, ?, ?, null, ?, ?, ?, ?, ?)',
  );
  db.exec('begin');
  const now = Date.now();
  for (let i = 0; i < DISHES; i++) {
    const d = dish(i);
    insert.run(randomUUID(), d.name, d.category, 500 + (i % 2000), d.recipe, image, new Date(now - i * 1000).toISOString(), d.tags, d.allergens);
  }
  db.exec('commit');
  db.close();

  const shop = await startShop({ env: BENCH_RATE_LIMITS, dataDir });
  try {
    const build = await timedGet(`${shop.url}/api/items?q=kale`);
    console.log(`${DISHES.toLocaleString('en')} dishes more than the demo menu; machine load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);
    console.log(`first search of the menu version (builds the index): ${Math.round(build.ms)} ms\n`);
    console.log('| query | dishes found | median ms | p95 ms |');
    console.log('|---|---:|---:|---:|');
    let worst = 0;
    for (const query of QUERIES) {
      const [q, filters] = query.split('&', 2) as [string, string | undefined];
      const url = `${shop.url}/api/items?q=${encodeURIComponent(q)}${filters ? `&${query.slice(q.length + 1)}` : ''}`;
      const runs = [];
      for (let i = 0; i < SAMPLES; i++) runs.push(await timedGet(url));
      const ms = runs.map((r) => r.ms);
      worst = Math.max(worst, p95(ms));
      console.log(`| ${query.replace('&', ' & ')} | ${runs[0]!.count} | ${median(ms).toFixed(1)} | ${p95(ms).toFixed(1)} |`);
    }
    console.log(`\nslowest p95 ${worst.toFixed(1)} ms: ${worst <= BUDGET_MS ? 'within' : 'OVER'} the budget of ${BUDGET_MS} ms`);
  } finally {
    await shop.stop();
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
