/**
 * `npm run bench:stats`: the statistics over a year of a busy restaurant. 100,000 orders of three
 * lines each (STATS_ORDERS; 300,000 lines), spread over the last 365 days with lunch and dinner
 * peaks, 3 % of them cancelled and refunded, are inserted straight into the shop's database
 * (payments, orders and order lines, as placement writes them); then, through the running shop
 * (production mode): GET /api/admin/stats for the last 30 days and for a year (median and slowest
 * of several calls), and GET /api/admin/orders.csv for 30 days and for a year: time to the last
 * byte, size, rows, and the server's resident memory before and at its peak during the download
 * (read from /proc every 20 ms); the year's export twice, to tell memory kept from memory the
 * garbage collector has not yet given back. On SQLite and (when installed) PostgreSQL. Figures in
 * docs/performance.md; the budget is 50 ms for 30 days (docs/decisions/0019-statistics.md).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { localDate } from '../src/shared/shop-time.ts';
import { addDays } from '../src/shared/stats-periods.ts';
import { BENCH_RATE_LIMITS, signUpCustomer } from './lib/bench-customers.ts';
import { withPostgres } from './lib/postgres.ts';
import {
  insertPastOrdersSqlite,
  LINE_COLUMNS,
  lineValues,
  ORDER_COLUMNS,
  orderBatches,
  orderValues,
  PAYMENT_COLUMNS,
  paymentValues,
  type Dish,
} from './lib/past-orders.ts';
import { startShop, type ShopProcess } from './lib/shop-process.ts';

const ORDERS = Number(process.env.STATS_ORDERS ?? 100_000);
const SAMPLES = Number(process.env.STATS_SAMPLES ?? 15);
const TIME_ZONE = process.env.SHOP_TIME_ZONE ?? 'Europe/Berlin';

interface Store {
  grow(): Promise<void>;
  makeAdmin(email: string): Promise<void>;
}

function sqliteStore(file: string): Store {
  return {
    grow: async () => {
      insertPastOrdersSqlite(file, { orders: ORDERS, days: 365 });
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
  const insertMany = async (client: pg.Client, table: string, columns: string, values: (p: (n: number) => string) => string, width: number, rows: unknown[][]) => {
    for (let i = 0; i < rows.length; i += 1000) {
      const batch = rows.slice(i, i + 1000);
      const text = batch.map((_, r) => values((n) => `$${r * width + n}`)).join(', ');
      await client.query(`insert into ${table} ${columns} values ${text}`, batch.flat());
    }
  };
  return {
    grow: () =>
      withClient(async (client) => {
        const dishes = (await client.query<Dish>('select id, name, price_cents as cents from menu_items')).rows;
        await client.query('begin');
        for (const batch of orderBatches(dishes, { orders: ORDERS, days: 365 }, 1000)) {
          await insertMany(client, 'payments', PAYMENT_COLUMNS, paymentValues, 7, batch.payments);
          await insertMany(client, 'orders', ORDER_COLUMNS, orderValues, 16, batch.orders);
          await insertMany(client, 'order_lines', LINE_COLUMNS, lineValues, 7, batch.lines);
        }
        await client.query("update order_counters set value = (select max(number) from orders) where name = 'order_number'");
        await client.query('commit');
        // What autovacuum does soon after such a load: statistics, and the visibility map that
        // lets an index answer alone.
        await client.query('vacuum analyze');
      }),
    makeAdmin: (email) => withClient(async (client) => void (await client.query("update users set role = 'admin' where email = $1", [email]))),
  };
}

/** One GET to the last byte: milliseconds, bytes and the body's CRLF count (rows of a CSV). */
function get(url: string, headers: Record<string, string>): Promise<{ ms: number; bytes: number; rows: number; status: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    http
      .get(url, { headers }, (response) => {
        let bytes = 0;
        let rows = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
        });
        response.on('end', () => resolve({ ms: performance.now() - start, bytes, rows, status: response.statusCode ?? 0 }));
      })
      .on('error', reject);
  });
}

/** The process's resident memory now, in MB (Linux /proc). */
function rssMb(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

async function timedStats(url: string, headers: Record<string, string>, samples: number) {
  const runs: number[] = [];
  for (let i = 0; i < samples; i++) {
    const res = await get(url, headers);
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    runs.push(res.ms);
  }
  runs.sort((a, b) => a - b);
  return { median: runs[Math.floor(runs.length / 2)]!, slowest: runs.at(-1)! };
}

async function timedCsv(shop: ShopProcess, url: string, headers: Record<string, string>) {
  const before = rssMb(shop.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(shop.pid))), 20);
  try {
    const res = await get(url, headers);
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    return { ms: res.ms, mb: res.bytes / 1e6, rows: res.rows - 1, rssBefore: before, rssPeak: Math.max(peak, rssMb(shop.pid)) };
  } finally {
    clearInterval(sampler);
  }
}

interface Row {
  database: string;
  stats30: { median: number; slowest: number };
  statsYear: { median: number; slowest: number };
  csv30: Awaited<ReturnType<typeof timedCsv>>;
  csvYear: Awaited<ReturnType<typeof timedCsv>>;
  /** The same again: a peak that does not climb is memory the export gives back, not keeps. */
  csvYearAgain: Awaited<ReturnType<typeof timedCsv>>;
}

async function runOn(database: string, dataDir: string, databaseUrl: string | undefined, store: Store): Promise<Row> {
  const env = { ...BENCH_RATE_LIMITS, SHOP_TIME_ZONE: TIME_ZONE };
  let shop = await startShop({ databaseUrl, dataDir, env });
  await shop.stop();
  const started = performance.now();
  await store.grow();
  console.log(`${database}: ${ORDERS} orders (${ORDERS * 3} lines) inserted in ${Math.round(performance.now() - started)} ms`);
  shop = await startShop({ databaseUrl, dataDir, env });
  try {
    const admin = await signUpCustomer(shop.url, 'stats-admin');
    await store.makeAdmin(admin.email);
    const today = localDate(new Date(), TIME_ZONE);
    const year = `from=${addDays(today, -364)}&to=${today}`;
    const headers = admin.headers;
    // The first call of each kind warms the shop (JIT, SQLite's page cache), as a running shop is.
    await get(`${shop.url}/api/admin/stats?period=last30`, headers);
    await get(`${shop.url}/api/admin/stats?${year}`, headers);
    const row: Row = {
      database,
      stats30: await timedStats(`${shop.url}/api/admin/stats?period=last30`, headers, SAMPLES),
      statsYear: await timedStats(`${shop.url}/api/admin/stats?${year}`, headers, Math.max(3, Math.floor(SAMPLES / 3))),
      csv30: await timedCsv(shop, `${shop.url}/api/admin/orders.csv?period=last30`, headers),
      csvYear: await timedCsv(shop, `${shop.url}/api/admin/orders.csv?${year}`, headers),
      csvYearAgain: await timedCsv(shop, `${shop.url}/api/admin/orders.csv?${year}`, headers),
    };
    console.log(JSON.stringify(row));
    return row;
  } finally {
    await shop.stop();
  }
}

const rows: Row[] = [];
const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-stats-'));
try {
  rows.push(await runOn('SQLite', sqliteDir, undefined, sqliteStore(path.join(sqliteDir, 'shop.sqlite'))));
} finally {
  fs.rmSync(sqliteDir, { recursive: true, force: true });
}
const pgRow = await withPostgres(async (url) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-stats-'));
  try {
    return await runOn('PostgreSQL', dir, url, postgresStore(url));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
if (pgRow) rows.push(pgRow);
else console.log('PostgreSQL skipped: its server programs are not installed.');

const ms = (n: number) => n.toFixed(1);
console.log(`\n${ORDERS.toLocaleString('en')} orders, ${(ORDERS * 3).toLocaleString('en')} lines over 365 days, ${TIME_ZONE}`);
console.log('| database | stats, 30 days: median ms (slowest) | stats, a year: median ms (slowest) | CSV, 30 days: s, MB, rows, server RSS MB before → peak | CSV, a year: s, MB, rows, server RSS MB before → peak | CSV, a year again |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const r of rows) {
  const csv = (c: Row['csv30']) => `${(c.ms / 1000).toFixed(2)} s, ${c.mb.toFixed(1)} MB, ${c.rows.toLocaleString('en')} rows, ${c.rssBefore.toFixed(0)} → ${c.rssPeak.toFixed(0)}`;
  console.log(`| ${r.database} | ${ms(r.stats30.median)} (${ms(r.stats30.slowest)}) | ${ms(r.statsYear.median)} (${ms(r.statsYear.slowest)}) | ${csv(r.csv30)} | ${csv(r.csvYear)} | ${csv(r.csvYearAgain)} |`);
}
