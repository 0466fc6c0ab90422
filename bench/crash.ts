/**
 * `npm run bench:crash`: the soak's customers (CRASH_CUSTOMERS, default 100) load the real shop;
 * every CRASH_LOAD_SECONDS (default 15) the shop is killed with SIGKILL in the middle of that
 * load and started again on the same data, CRASH_CYCLES times (default 3), on SQLite and on
 * PostgreSQL (CRASH_DATABASES). Measured: how long until it serves again. Checked afterwards in
 * the database: no payment answered as successful is lost, no payment is half written (its cart
 * entries and its intent change in the same transaction), carts hold what customers were told,
 * revenue equals the recorded payments, and SQLite's integrity check passes. Meanwhile a member of
 * staff rejects new orders, up to CRASH_REJECT_BATCH (default 30) at once every
 * CRASH_REJECT_EVERY_MS (default 500), so kills fall between a move and its refund; afterwards
 * every rejected order must be refunded, confirmed by the sandbox's own ledger, and none twice
 * (bench/lib/rejecting-staff.ts). Exit 1 on a breach.
 */
import fs from 'node:fs';
import { withPostgres } from './lib/postgres.ts';
import { RestartableShop } from './lib/restartable-shop.ts';
import { Customer, newStats, runCustomers } from './lib/customers.ts';
import { checkRefunds, runRejectingStaff } from './lib/rejecting-staff.ts';
import { openShopDb } from './lib/shop-db.ts';
import { LOAD_ENV, populate, summarize, verify } from './soak.ts';

const customersCount = Number(process.env.CRASH_CUSTOMERS ?? 100);
const cycles = Number(process.env.CRASH_CYCLES ?? 3);
const loadSeconds = Number(process.env.CRASH_LOAD_SECONDS ?? 15);
const databases = (process.env.CRASH_DATABASES ?? 'sqlite,postgres').split(',');
const rejectEveryMs = Number(process.env.CRASH_REJECT_EVERY_MS ?? 500);
const rejectBatch = Number(process.env.CRASH_REJECT_BATCH ?? 30);
/**
 * The refund worker looks every second, and a claim of a killed process is asked again after 5 s
 * (the shop's defaults are 15 s and 2 minutes): the end-of-run check need not wait minutes.
 */
const REFUND_ENV = { REFUND_POLL_MS: '1000', REFUND_RETRY_MS: '500', REFUND_CLAIM_LEASE_MS: '5000' };
/** How long the check waits for the worker to finish every refund after the load. */
const REFUND_WAIT_MS = 60_000;
/** "Serving again within a few seconds". */
const RESTART_BUDGET_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function crash(kind: 'sqlite' | 'postgres', databaseUrl?: string) {
  const shop = new RestartableShop({ databaseUrl, env: { ...LOAD_ENV, ...REFUND_ENV } });
  await shop.start();
  try {
    const population = await populate(shop, databaseUrl, customersCount);
    const staff = new Customer(shop, newStats(), []);
    await staff.signUp();
    const promote = await openShopDb({ dataDir: shop.dataDir, databaseUrl });
    await promote.run("update users set role = 'staff' where id = ?", [staff.id]);
    await promote.close();
    let stop = false;
    const started = Date.now();
    const load = runCustomers(population.customers, () => stop);
    const rejecting = runRejectingStaff(staff, () => stop, { everyMs: rejectEveryMs, batch: rejectBatch });
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
    const rejections = await rejecting;
    const seconds = (Date.now() - started) / 1000;
    const invariants = await verify(shop, databaseUrl, population, kind);
    const db = await openShopDb({ dataDir: shop.dataDir, databaseUrl });
    const refunds = await checkRefunds(db, rejections, REFUND_WAIT_MS).finally(() => db.close());
    const summary = summarize(population.stats, seconds);
    const paymentsAfterLastRestart = population.stats.paymentsOk - paymentsAtLastRestart;
    const passed =
      invariants.ok &&
      refunds.ok &&
      summary.serverErrors === 0 &&
      summary.surprises === 0 &&
      summary.cartMismatchesSeenLive === 0 &&
      paymentsAfterLastRestart > 0 &&
      restarts.every((r) => r.servingAfterMs < RESTART_BUDGET_MS);
    const result = { database: kind, customers: customersCount, cycles, restarts, paymentsAfterLastRestart, load: summary, invariants, refunds, passed };
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
