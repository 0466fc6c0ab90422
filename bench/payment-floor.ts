/**
 * `node bench/payment-floor.ts`: what a whole payment costs this machine before the shop does
 * anything, to read the shop's payment figures against (issue 23, part 3; docs/performance.md).
 * Runs the load of bench:api's payment rows (100 customers, each paying again and again, from
 * the load generator's core: bench/lib/paying-customers.ts) against a bare node:http server
 * (bench/lib/bare-payment-server.ts) on the servers' core: without a database, then with 1, 3 and
 * 5 round trips to a throw-away PostgreSQL per request (4, 12 and 20 a payment; the shop makes
 * about 22). Prints each row's payments a second and the server's own CPU per payment.
 * Then the shop's own statements: one whole payment's, captured from the real shop on the same
 * PostgreSQL (bench/lib/shop-payment-capture.ts), replayed by the bare server for each payment of
 * each customer, one round trip each as the shop sends them, and again with each request's
 * statements sent together (pipelined). PostgreSQL's CPU a payment is printed beside the server's:
 * what the shop's statements cost this machine whatever the shop around them does.
 * FLOOR_SECONDS sets each row's length (default 8); FLOOR_ROWS=replay runs the replay's rows only.
 */
import { floorRow, replayFloor, type FloorRow } from './lib/payment-floor.ts';
import { withPostgres } from './lib/postgres.ts';

const SECONDS = Number(process.env.FLOOR_SECONDS ?? 8);

function print(row: FloorRow): void {
  const ms = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(2));
  console.log(`| ${row.name} | ${Math.round(row.paymentsPerSecond)} | ${ms(row.serverCpuMs)} | ${ms(row.postgresCpuMs)} | ${row.failed} |`);
}

const replayOnly = process.env.FLOOR_ROWS === 'replay';
console.log("| bare payment server | payments/s | its CPU ms a payment | PostgreSQL's CPU ms a payment | failed |\n|---|---:|---:|---:|---:|");
if (!replayOnly) print(await floorRow('no database', {}, SECONDS));
const done = await withPostgres(async (url) => {
  if (!replayOnly) {
    for (const statements of [1, 3, 5]) print(await floorRow(`PostgreSQL, ${statements * 4} round trips a payment`, { FLOOR_DATABASE_URL: url, FLOOR_STATEMENTS: String(statements) }, SECONDS));
  }
  const { oneByOne, pipelined } = await replayFloor(url, SECONDS);
  print(oneByOne);
  print(pipelined);
  return true;
});
if (!done) console.log('PostgreSQL rows skipped: its server programs are not installed.');
