/**
 * `npm run bench:soak`: 100 simulated customers (SOAK_CUSTOMERS) browse, fill and empty their
 * carts and pay through the sandbox for SOAK_MINUTES (default 2) against the real shop, on SQLite
 * and on PostgreSQL (SOAK_DATABASES=sqlite,postgres). Then the database is checked: no 5xx, every
 * payment answered as successful recorded exactly once with its amount, every cart exactly as its
 * customer was told, revenue equal to the sum of the recorded payments. Exit code 1 on any breach.
 */
import fs from 'node:fs';
import { withPostgres } from './lib/postgres.ts';
import { RestartableShop } from './lib/restartable-shop.ts';
import { openShopDb } from './lib/shop-db.ts';
import { checkInvariants, Customer, newStats, percentile, runCustomers, type InvariantReport, type LoadStats } from './lib/customers.ts';

export const LOAD_ENV = {
  // The load comes from one address; these limits guard people, not this bench.
  RATE_LIMIT_SIGN_IN: '1000000',
  RATE_LIMIT_SIGN_UP: '1000000',
  RATE_LIMIT_CAPTCHA: '1000000',
  RATE_LIMIT_TOKEN: '1000000',
};

const minutes = Number(process.env.SOAK_MINUTES ?? 2);
const customersCount = Number(process.env.SOAK_CUSTOMERS ?? 100);
const databases = (process.env.SOAK_DATABASES ?? 'sqlite,postgres').split(',');

export interface Population {
  customers: Customer[];
  admin: Customer;
  stats: LoadStats;
}

/** Signs up the customers (and one administrator, promoted in the database as `admin:promote` does). */
export async function populate(shop: RestartableShop, databaseUrl: string | undefined, count: number): Promise<Population> {
  const stats = newStats();
  const items = ((await (await fetch(`${shop.url}/api/items`)).json()) as Array<{ _id: string }>).map((i) => i._id);
  const customers = Array.from({ length: count }, () => new Customer(shop, stats, items));
  for (let i = 0; i < customers.length; i += 20) await Promise.all(customers.slice(i, i + 20).map((c) => c.signUp()));
  const admin = new Customer(shop, newStats(), items);
  await admin.signUp();
  const db = await openShopDb({ dataDir: shop.dataDir, databaseUrl });
  await db.run("update users set role = 'admin' where id = ?", [admin.id]);
  await db.close();
  return { customers, admin, stats };
}

export async function verify(shop: RestartableShop, databaseUrl: string | undefined, population: Population, kind: 'sqlite' | 'postgres'): Promise<InvariantReport> {
  const statistics = await population.admin.call('GET', '/api/admin-statistics');
  if (statistics.status !== 200) throw new Error(`admin-statistics: ${statistics.status}`);
  const db = await openShopDb({ dataDir: shop.dataDir, databaseUrl });
  try {
    return await checkInvariants(db, population.customers, statistics.json as { revenue: number; orders: number }, kind);
  } finally {
    await db.close();
  }
}

export function summarize(stats: LoadStats, seconds: number) {
  return {
    requests: stats.requests,
    requestsPerSecond: Math.round(stats.requests / seconds),
    p50Ms: percentile(stats.latenciesMs, 50),
    p99Ms: percentile(stats.latenciesMs, 99),
    byStatus: stats.byStatus,
    serverErrors: stats.serverErrors.length,
    networkErrors: stats.networkErrors,
    adds: stats.adds,
    removes: stats.removes,
    cartChecks: stats.cartChecks,
    cartMismatchesSeenLive: stats.cartMismatches.length,
    paymentsOk: stats.paymentsOk,
    paymentsDeclined: stats.paymentsDeclined,
    replays: stats.replays,
    reopens: stats.reopens,
    surprises: stats.surprises.length,
  };
}

async function soak(kind: 'sqlite' | 'postgres', databaseUrl?: string) {
  const shop = new RestartableShop({ databaseUrl, env: LOAD_ENV });
  await shop.start();
  try {
    const population = await populate(shop, databaseUrl, customersCount);
    const started = Date.now();
    const deadline = started + minutes * 60_000;
    await runCustomers(population.customers, () => Date.now() >= deadline);
    const seconds = (Date.now() - started) / 1000;
    const load = summarize(population.stats, seconds);
    const invariants = await verify(shop, databaseUrl, population, kind);
    const passed = invariants.ok && load.serverErrors === 0 && load.surprises === 0 && load.cartMismatchesSeenLive === 0 && load.networkErrors === 0;
    const result = { database: kind, customers: customersCount, minutes, seconds: Math.round(seconds), load, invariants, passed };
    console.log(JSON.stringify(result, (key, value) => (Array.isArray(value) && value.length > 5 ? [...value.slice(0, 5), `…${value.length}`] : value), 2));
    for (const line of [...population.stats.serverErrors, ...population.stats.surprises, ...population.stats.cartMismatches].slice(0, 10)) console.log(`  ${line}`);
    return result;
  } finally {
    await shop.stop();
  }
}

if (import.meta.main) {
  const results = [];
  if (databases.includes('sqlite')) results.push(await soak('sqlite'));
  if (databases.includes('postgres')) {
    const pg = await withPostgres((url) => soak('postgres', url));
    if (pg) results.push(pg);
    else console.log('PostgreSQL is not installed: the PostgreSQL soak was skipped');
  }
  fs.mkdirSync('test-results', { recursive: true });
  fs.writeFileSync('test-results/soak.json', JSON.stringify(results, null, 2));
  const failed = results.filter((r) => !r.passed);
  console.log(`\nsoak: ${results.length - failed.length} passed, ${failed.length} failed`);
  process.exit(failed.length === 0 ? 0 : 1);
}
