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
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverCommand } from './lib/cpu-pinning.ts';
import { payAgainAndAgain } from './lib/paying-customers.ts';
import { cpuSeconds, postgresCpuSeconds } from './lib/process-cpu.ts';
import { captureShopPayment } from './lib/shop-payment-capture.ts';
import { withPostgres } from './lib/postgres.ts';
import type { BenchCustomer } from './lib/bench-customers.ts';

const SECONDS = Number(process.env.FLOOR_SECONDS ?? 8);
const CUSTOMERS: BenchCustomer[] = Array.from({ length: 100 }, (_, i) => {
  // The bare server reads no header; a bearer token of the shop's length keeps the requests' size.
  const token = `floor.${'x'.repeat(400)}.${i}`;
  return { email: `floor-${i}@example.test`, token, cookie: '', headers: { authorization: `Bearer ${token}` } };
});

async function row(name: string, env: Record<string, string>): Promise<void> {
  const { command, args } = serverCommand(['bench/lib/bare-payment-server.ts']);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  try {
    const port = await new Promise<string>((resolve, reject) => {
      child.stdout!.once('data', (data: Buffer) => resolve(String(data).trim()));
      child.once('exit', () => reject(new Error(`${name}: the bare server stopped`)));
    });
    const before = cpuSeconds(child.pid);
    const postgresBefore = postgresCpuSeconds();
    const { latencies, failures, elapsedSeconds } = await payAgainAndAgain(`http://127.0.0.1:${port}`, CUSTOMERS, ['floor'], SECONDS);
    const paid = latencies.get('whole payment')!.length - failures.get('whole payment')!;
    const perPayment = (seconds: number): string => (paid > 0 ? ((seconds * 1000) / paid).toFixed(2) : '–');
    const postgres = env.FLOOR_DATABASE_URL ? perPayment(postgresCpuSeconds() - postgresBefore) : '–';
    console.log(`| ${name} | ${Math.round(paid / elapsedSeconds)} | ${perPayment(cpuSeconds(child.pid) - before)} | ${postgres} | ${failures.get('whole payment')} |`);
  } finally {
    child.kill('SIGTERM');
  }
}

const replayOnly = process.env.FLOOR_ROWS === 'replay';
console.log('| bare payment server | payments/s | its CPU ms a payment | PostgreSQL\'s CPU ms a payment | failed |\n|---|---:|---:|---:|---:|');
if (!replayOnly) await row('no database', {});
const done = await withPostgres(async (url) => {
  if (!replayOnly) {
    for (const statements of [1, 3, 5]) await row(`PostgreSQL, ${statements * 4} round trips a payment`, { FLOOR_DATABASE_URL: url, FLOOR_STATEMENTS: String(statements) });
  }
  const captured = await captureShopPayment(url, CUSTOMERS.length);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'payment-replay-')), 'payment.json');
  fs.writeFileSync(file, JSON.stringify(captured));
  const count = captured.steps.reduce((n, step) => n + step.statements.length, 0);
  await row(`the shop's ${count} statements, one round trip each`, { FLOOR_DATABASE_URL: url, FLOOR_REPLAY: file });
  await row(`the shop's ${count} statements, each request's sent together`, { FLOOR_DATABASE_URL: url, FLOOR_REPLAY: file, FLOOR_PIPELINE: '1' });
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return true;
});
if (!done) console.log('PostgreSQL rows skipped: its server programs are not installed.');
