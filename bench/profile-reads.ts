/**
 * `node bench/profile-reads.ts`: where a signed-in read's time goes. Starts the real shop (as
 * bench:api does: production, LOG_LEVEL=warn, pinned to its core) under `node --cpu-prof`, makes a
 * customer with five cart entries and five orders, loads each read with autocannon (50
 * connections, PROFILE_SECONDS each, default 8): `GET /api/cart`, `GET /api/orders`,
 * `GET /api/orders/:id`, then stops the shop, which writes its CPU profile, and prints the
 * self time of the busy part by where the code lives (Fastify, Better Auth, Kysely, the
 * database driver, Zod, the logger, the shop's own folders…) and the heaviest functions.
 * PROFILE_LOAD=public profiles two public reads answered from snapshots instead (the reviews, a
 * dish), PROFILE_LOAD=payments whole payments: 100 customers (PROFILE_CUSTOMERS) paying again
 * and again as bench:api's payment rows do (bench/lib/paying-customers.ts), PROFILE_SECONDS long;
 * its lines tell each step's p50 and p99, and the CPU a payment of the shop, of the load generator
 * and, on PostgreSQL, of every postgres process. DATABASE_URL=postgres://… profiles on PostgreSQL (an empty database of its
 * own). The profile
 * is kept (its path is printed) for Chrome's DevTools or speedscope. PROFILE_OFF=1 runs the same
 * load without the profiler, whose own cost (about a fifth of the shop's CPU) would hide a change.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_RATE_LIMITS, signUpCustomer } from './lib/bench-customers.ts';
import { onLoadCore } from './lib/cpu-pinning.ts';
import { percentile } from './lib/customers.ts';
import { measure } from './lib/measure.ts';
import { payAgainAndAgain, signUpPayers } from './lib/paying-customers.ts';
import { placeOrder } from './lib/place-order.ts';
import { cpuSeconds, postgresCpuSeconds } from './lib/process-cpu.ts';
import { startShop } from './lib/shop-process.ts';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 8);
// The profiler itself costs the shop about a fifth of its CPU (measured on the payments).
const PROFILING = process.env.PROFILE_OFF !== '1';
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-profile-'));

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a function lives, as a reader of the profile would group it. */
function placeOf(url: string, name: string): string {
  if (!url) return name === '(garbage collector)' ? 'garbage collection' : name === '(idle)' || name === '(program)' ? name : 'node (native)';
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) {
    const pkg = inModules[1]!;
    if (pkg === 'fastify' || pkg.startsWith('@fastify/') || ['find-my-way', 'light-my-request', 'avvio', 'fast-json-stringify', 'process-warning', 'toad-cache'].includes(pkg)) return 'Fastify';
    if (pkg === 'better-auth' || pkg.startsWith('@better-auth/') || pkg === 'better-call') return 'Better Auth';
    if (pkg === 'kysely') return 'Kysely';
    if (pkg === 'pg' || pkg.startsWith('pg-')) return 'pg (PostgreSQL driver)';
    if (pkg === 'zod' || pkg === 'fastify-type-provider-zod') return 'Zod';
    if (pkg.startsWith('pino') || pkg === 'sonic-boom' || pkg === 'fast-redact') return 'logger';
    return pkg;
  }
  const inShop = /\/src\/(server|shared)\/([^/]+)/.exec(url);
  if (inShop) return `shop: ${inShop[1]}/${inShop[2]}`;
  if (url.startsWith('node:')) return `node: ${url.slice(5).split('/')[0]}`;
  return url;
}

/** `lastSeconds`: only the samples of the profile's last seconds (the load, not the sign-ups before it). */
function summarise(file: string, lastSeconds = Number.POSITIVE_INFINITY): void {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  const at: number[] = [];
  profile.timeDeltas.reduce((sum, delta, i) => (at[i] = sum + delta), 0);
  const from = at[at.length - 1]! - lastSeconds * 1e6;
  profile.samples.forEach((id, i) => {
    if (at[i]! >= from) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const places = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  for (const [id, micros] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') continue;
    busy += micros;
    const place = placeOf(url, functionName);
    places.set(place, (places.get(place) ?? 0) + micros);
    const fn = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/src\//, 'src/')}:${lineNumber + 1}`;
    functions.set(fn, (functions.get(fn) ?? 0) + micros);
  }
  const share = (micros: number) => `${((100 * micros) / busy).toFixed(1)} %`;
  console.log(`\nBusy CPU in the profile: ${(busy / 1e6).toFixed(1)} s (idle and "(program)" left out)`);
  console.log('| where | self time |');
  console.log('|---|---:|');
  for (const [place, micros] of [...places].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`| ${place} | ${share(micros)} |`);
  console.log('\n| heaviest functions (self time) | |');
  console.log('|---|---:|');
  for (const [fn, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`| ${fn} | ${share(micros)} |`);
}

const shop = await startShop({
  databaseUrl: process.env.DATABASE_URL,
  env: BENCH_RATE_LIMITS,
  pinned: true,
  nodeArgs: PROFILING ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
});
try {
  const itemIds = ((await (await fetch(`${shop.url}/api/items`)).json()) as { _id: string }[]).map((item) => item._id);
  if (process.env.PROFILE_LOAD === 'payments') {
    const payers = await signUpPayers(shop.url, Number(process.env.PROFILE_CUSTOMERS ?? 100));
    const cpuBefore = cpuSeconds(shop.pid);
    const postgresBefore = postgresCpuSeconds();
    const clientBefore = process.cpuUsage();
    const { latencies, failures, elapsedSeconds } = await payAgainAndAgain(shop.url, payers, itemIds, SECONDS);
    const paid = latencies.get('whole payment')!.length - failures.get('whole payment')!;
    // The shop's own CPU for each payment: less moved by other work on the machine than the rate.
    const cpuPerPayment = ((cpuSeconds(shop.pid) - cpuBefore) * 1000) / paid;
    const client = process.cpuUsage(clientBefore);
    const postgres = process.env.DATABASE_URL ? `, PostgreSQL's ${(((postgresCpuSeconds() - postgresBefore) * 1000) / paid).toFixed(2)} ms each` : '';
    // Each step's time: a step far slower than its work (a wait, a lock) shows here, not in the CPU.
    for (const [step, times] of latencies) console.log(`  ${step}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`);
    console.log(`whole payments: ${Math.round(paid / elapsedSeconds)} a second, ${cpuPerPayment.toFixed(2)} ms of the shop's CPU each, ${failures.get('whole payment')} failed; the load generator's CPU ${((client.user + client.system) / 1000 / paid).toFixed(2)} ms each${postgres}`);
  } else if (process.env.PROFILE_LOAD === 'public') {
    for (const [name, url] of [
      ['GET /api/review', `${shop.url}/api/review`],
      ['GET /api/items/:id', `${shop.url}/api/items/${itemIds[0]}`],
    ] as const) {
      const figures = await onLoadCore(() => measure(name, url, { seconds: SECONDS }));
      console.log(`${name}: ${Math.round(figures.requestsPerSecond)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ${figures.errors + figures.non2xx} failed`);
    }
  } else await profileReads(itemIds);
} finally {
  await shop.stop();
}

async function profileReads(itemIds: string[]): Promise<void> {
  const customer = await signUpCustomer(shop.url, 'profiled');
  const orderIds: string[] = [];
  for (const itemId of itemIds.slice(0, 5)) orderIds.push(await placeOrder(shop.url, customer, itemId));
  for (const itemId of itemIds.slice(5, 10)) {
    const added = await fetch(`${shop.url}/api/cart`, { method: 'POST', headers: { ...customer.headers, 'content-type': 'application/json' }, body: JSON.stringify({ itemId }) });
    if (added.status !== 201) throw new Error(`POST /api/cart answered ${added.status}`);
  }
  for (const [name, url] of [
    ['GET /api/cart (5 entries)', `${shop.url}/api/cart?email=${encodeURIComponent(customer.email)}`],
    ['GET /api/orders (5 orders)', `${shop.url}/api/orders`],
    ['GET /api/orders/:id', `${shop.url}/api/orders/${orderIds[0]}`],
  ] as const) {
    const figures = await onLoadCore(() => measure(name, url, { headers: customer.headers, seconds: SECONDS }));
    console.log(`${name}: ${Math.round(figures.requestsPerSecond)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ${figures.errors + figures.non2xx} failed`);
  }
}
if (!PROFILING) {
  fs.rmSync(profileDir, { recursive: true, force: true });
  process.exit(0);
}
const written = fs.readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
if (written.length === 0) throw new Error('the shop wrote no profile');
const file = path.join(profileDir, written[0]!);
console.log(`\nProfile: ${file}`);
// The payments' load is the end of the shop's life, after a hundred sign-ups worth leaving out.
summarise(file, process.env.PROFILE_LOAD === 'payments' ? SECONDS : undefined);
