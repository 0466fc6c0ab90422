/**
 * `npm run bench:crash`: the soak's customers (CRASH_CUSTOMERS, default 100) load the real shop;
 * every CRASH_LOAD_SECONDS (default 15) the shop is killed with SIGKILL in the middle of that
 * load and started again on the same data, CRASH_CYCLES times (default 3), on SQLite and on
 * PostgreSQL (CRASH_DATABASES). Measured: how long until it serves again. Checked afterwards in
 * the database: no payment answered as successful is lost, no payment is half written (its cart
 * entries and its intent change in the same transaction), carts hold what customers were told,
 * revenue equals the recorded payments, and SQLite's integrity check passes. Exit 1 on a breach.
 */
import fs from 'node:fs';
import { withPostgres } from './lib/postgres.ts';
import { RestartableShop } from './lib/restartable-shop.ts';
import { runCustomers } from './lib/customers.ts';
import { LOAD_ENV, populate, summarize, verify } from './soak.ts';

const customersCount = Number(process.env.CRASH_CUSTOMERS ?? 100);
const cycles = Number(process.env.CRASH_CYCLES ?? 3);
const loadSeconds = Number(process.env.CRASH_LOAD_SECONDS ?? 15);
const databases = (process.env.CRASH_DATABASES ?? 'sqlite,postgres').split(',');
/** "Serving again within a few seconds". */
const RESTART_BUDGET_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function crash(kind: 'sqlite' | 'postgres', databaseUrl?: string) {
  const shop = new RestartableShop({ databaseUrl, env: LOAD_ENV });
  await shop.start();
  try {
    const population = await populate(shop, databaseUrl, customersCount);
    let stop = false;
    const started = Date.now();
    const load = runCustomers(population.customers, () => stop);
    const restarts: Array<{ servingAfterMs: number; paymentsBefore: number; refusedWhileDown: number }> = [];
    for (let cycle = 0; cycle < cycles; cycle++) {
      await sleep(loadSeconds * 1000);
      const paymentsBefore = population.stats.paymentsOk;
      const errorsBefore = population.stats.networkErrors;
      const killedAt = Date.now();
      await shop.kill();
      await shop.start();
      const servingAfterMs = Date.now() - killedAt;
      restarts.push({ servingAfterMs, paymentsBefore, refusedWhileDown: population.stats.networkErrors - errorsBefore });
      console.log(`${kind}: killed with ${paymentsBefore} payments answered; serving again after ${servingAfterMs} ms`);
    }
    // Load after the last restart too: the shop must take payments again, not just answer the menu.
    const paymentsAtLastRestart = population.stats.paymentsOk;
    await sleep(loadSeconds * 1000);
    stop = true;
    await load;
    const seconds = (Date.now() - started) / 1000;
    const invariants = await verify(shop, databaseUrl, population, kind);
    const summary = summarize(population.stats, seconds);
    const paymentsAfterLastRestart = population.stats.paymentsOk - paymentsAtLastRestart;
    const passed =
      invariants.ok &&
      summary.serverErrors === 0 &&
      summary.surprises === 0 &&
      summary.cartMismatchesSeenLive === 0 &&
      paymentsAfterLastRestart > 0 &&
      restarts.every((r) => r.servingAfterMs < RESTART_BUDGET_MS);
    const result = { database: kind, customers: customersCount, cycles, restarts, paymentsAfterLastRestart, load: summary, invariants, passed };
    console.log(JSON.stringify(result, (key, value) => (Array.isArray(value) && value.length > 5 && typeof value[0] === 'string' ? [...value.slice(0, 5), `…${value.length}`] : value), 2));
    for (const line of [...population.stats.serverErrors, ...population.stats.surprises, ...population.stats.cartMismatches].slice(0, 10)) console.log(`  ${line}`);
    return result;
  } finally {
    await shop.stop();
  }
}

const results = [];
if (databases.includes('sqlite')) results.push(await crash('sqlite'));
if (databases.includes('postgres')) {
  const pg = await withPostgres((url) => crash('postgres', url));
  if (pg) results.push(pg);
  else console.log('PostgreSQL is not installed: the PostgreSQL crash test was skipped');
}
fs.mkdirSync('test-results', { recursive: true });
fs.writeFileSync('test-results/crash.json', JSON.stringify(results, null, 2));
const failed = results.filter((r) => !r.passed);
console.log(`\ncrash: ${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length === 0 ? 0 : 1);
