/**
 * `npm run bench:api`: throughput and latency of the shop's API beside a bare node:http server
 * that sends the same bytes, in the same run, on SQLite and (when PostgreSQL's server programs
 * are installed) on PostgreSQL. BENCH_SECONDS sets each measurement's length (default 8; side by
 * side, each server gets that long in one-second turns: see takeTurns in lib/measure.ts).
 * Budget (docs/product.md §15): GET /api/items at least 0.8 of the bare server's throughput;
 * cart writes (POST /api/cart by signed-in customers) and reads (GET /api/cart), and payment
 * writes (100 customers paying at once through the sandbox provider) are reported.
 * With two cores or more, autocannon runs on core 0 and each server under test (shop or bare,
 * all of its threads) on core 1 (bench/lib/cpu-pinning.ts); BENCH_PIN=0 leaves the placement to
 * the scheduler, as before.
 * BENCH_ONLY=items measures only the two GET /api/items rows (plain and 304), to iterate on the
 * budget faster; the full run is the one to report. BENCH_NOISE=1 adds a row of the bare server
 * beside a second bare server, measured the same way: its ratio shows the run's noise.
 */
import http from 'node:http';
import { CART_MAX_ENTRIES } from '../src/shared/cart-constants.ts';
import { BENCH_RATE_LIMITS, signUpCustomer, type BenchCustomer } from './lib/bench-customers.ts';
import { onLoadCore, pinning, SERVER_CPU } from './lib/cpu-pinning.ts';
import { GOOD_CARD, percentile } from './lib/customers.ts';
import { measure, printTable, startBareServer, takeTurns, type BareAnswer, type Figures } from './lib/measure.ts';
import { startShop } from './lib/shop-process.ts';
import { withPostgres } from './lib/postgres.ts';

const ITEMS_BUDGET = 0.8;
const ITEMS_ONLY = process.env.BENCH_ONLY === 'items';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const NOISE_CHECK = process.env.BENCH_NOISE === '1';

/**
 * The shop's answer to the request autocannon sends (no Accept-Encoding: fetch would ask for gzip
 * and then unzip the body), with its headers in the shop's order, content-length included, so that
 * the bare server sends the same bytes. Only the headers Node sets per connection are left out.
 */
function snapshotOf(url: string, headers: Record<string, string> = {}): Promise<BareAnswer> {
  const perConnection = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = response.rawHeaders;
          const kept: [string, string][] = [];
          for (let i = 0; i < raw.length; i += 2) if (!perConnection.has(raw[i]!.toLowerCase())) kept.push([raw[i]!, raw[i + 1]!]);
          resolve({ status: response.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

/**
 * The method's own noise: the bare server beside a second bare server sending the same bytes,
 * measured as the shop is. Its ratio should be 1.00; how far it is says how far to trust the run.
 */
async function bareBesideBare(shopUrl: string): Promise<Figures & { ratio: number }> {
  const answer = await snapshotOf(shopUrl);
  const [first, second] = [await startBareServer(answer), await startBareServer(answer)];
  try {
    const { baseline, measured } = await takeTurns('GET /api/items, a second bare server (noise check)', first.url, second.url, { seconds: SECONDS });
    return { ...measured, ratio: measured.requestsPerSecond / baseline.requestsPerSecond };
  } finally {
    await Promise.all([first.close(), second.close()]);
  }
}

/** Measures the shop's answer to one read beside the bare server sending the same bytes. */
async function sideBySide(name: string, shopUrl: string, headers: Record<string, string> = {}, expectStatus?: number) {
  const answer = await snapshotOf(shopUrl, headers);
  const bare = await startBareServer(answer);
  try {
    const { baseline, measured } = await takeTurns(name, bare.url, shopUrl, { headers, expectStatus, seconds: SECONDS });
    return [{ ...measured, ratio: measured.requestsPerSecond / baseline.requestsPerSecond }, baseline];
  } finally {
    await bare.close();
  }
}

async function benchDatabase(label: string, databaseUrl?: string): Promise<(Figures & { ratio?: number })[]> {
  const shop = await startShop({ databaseUrl, env: BENCH_RATE_LIMITS, pinned: true });
  try {
    const items = `${shop.url}/api/items`;
    const itemsAnswer = await fetch(items);
    const etag = itemsAnswer.headers.get('etag') ?? '';
    const itemIds = ((await itemsAnswer.json()) as { _id: string }[]).map((item) => item._id);
    const rows = [
      ...(await sideBySide('GET /api/items', items)),
      ...(await sideBySide('GET /api/items (If-None-Match → 304)', items, { 'if-none-match': etag }, 304)),
    ];
    if (NOISE_CHECK) rows.push(await bareBesideBare(items));
    if (!ITEMS_ONLY) {
      rows.push(...(await sideBySide('GET /api/review', `${shop.url}/api/review`)), ...(await cartRows(shop.url, itemIds)));
      rows.push(...(await paymentRows(shop.url, itemIds)));
    }
    printTable(`API on ${label}`, rows);
    return rows;
  } finally {
    await shop.stop();
  }
}

/**
 * A cart holds at most CART_MAX_ENTRIES (100) entries and the shop answers 409 beyond, so the
 * writes are spread over enough customers for up to 5,000 writes a second (a quiet machine of two
 * cores did 3,200 in 2026-11; at 1,500 the carts filled up and half the writes were 409s).
 */
const CART_CUSTOMERS = Math.max(20, Math.ceil((SECONDS * 5000) / CART_MAX_ENTRIES));

/**
 * The cart: POST /api/cart by many signed-in customers at once (each request a customer in turn
 * and an item in turn), then GET /api/cart of one customer with a cart of five entries beside
 * the bare server sending the same bytes. Every request resolves its caller from the database.
 */
async function cartRows(shopUrl: string, itemIds: string[]): Promise<(Figures & { ratio?: number })[]> {
  const customers: BenchCustomer[] = [];
  // Ten sign-ups at a time: each hashes a password, and the bench is not about sign-up.
  while (customers.length < CART_CUSTOMERS) customers.push(...(await Promise.all(Array.from({ length: 10 }, () => signUpCustomer(shopUrl)))));
  let n = 0;
  // docs/product.md §15: cart writes at 100 connections.
  const write = await onLoadCore(() => measure('POST /api/cart (100 connections)', `${shopUrl}/api/cart`, {
    method: 'POST',
    connections: 100,
    setupRequest: (request) => {
      n += 1;
      const customer = customers[n % customers.length]!;
      return {
        ...request,
        headers: { ...request.headers, ...customer.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ itemId: itemIds[n % itemIds.length] }),
      };
    },
  }));
  const reader = await signUpCustomer(shopUrl, 'reader');
  for (const itemId of itemIds.slice(0, 5)) {
    const added = await fetch(`${shopUrl}/api/cart`, {
      method: 'POST',
      headers: { ...reader.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ itemId }),
    });
    if (added.status !== 201) throw new Error(`POST /api/cart answered ${added.status}`);
  }
  const read = await sideBySide('GET /api/cart (5 entries)', `${shopUrl}/api/cart?email=${encodeURIComponent(reader.email)}`, reader.headers);
  return [write, ...read];
}

/**
 * Payment writes (docs/product.md §15): PAYING_CUSTOMERS signed-in customers at once, each paying
 * again and again for SECONDS as the web app does: a dish into the cart, POST
 * /api/create-payment-intent (the amount from the cart), the sandbox provider's confirmation with
 * the test card 4242…, and POST /api/payment, which records the payment and empties the cart.
 * One row per write, and one for the whole payment (its four requests) per second.
 */
const PAYING_CUSTOMERS = 100;

async function paymentRows(shopUrl: string, itemIds: string[]): Promise<Figures[]> {
  const customers: BenchCustomer[] = [];
  while (customers.length < PAYING_CUSTOMERS) customers.push(...(await Promise.all(Array.from({ length: 10 }, () => signUpCustomer(shopUrl, 'payer')))));
  const steps = ['POST /api/cart', 'POST /api/create-payment-intent', 'POST …/confirm (sandbox)', 'POST /api/payment'] as const;
  const latencies = new Map<string, number[]>([...steps, 'whole payment'].map((name) => [name, []]));
  const failures = new Map<string, number>([...steps, 'whole payment'].map((name) => [name, 0]));
  let elapsedSeconds = 0;

  async function write(customer: BenchCustomer, step: (typeof steps)[number], path: string, body: unknown): Promise<unknown> {
    const started = performance.now();
    const answer = await fetch(`${shopUrl}${path}`, {
      method: 'POST',
      headers: { ...customer.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json: unknown = await answer.json().catch(() => undefined);
    latencies.get(step)!.push(performance.now() - started);
    if (!answer.ok) {
      failures.set(step, failures.get(step)! + 1);
      throw new Error(`${step} answered ${answer.status}`);
    }
    return json;
  }

  async function pay(customer: BenchCustomer, n: number): Promise<void> {
    await write(customer, 'POST /api/cart', '/api/cart', { itemId: itemIds[n % itemIds.length] });
    const intent = (await write(customer, 'POST /api/create-payment-intent', '/api/create-payment-intent', { price: 0.01 })) as { intentId: string; clientSecret: string };
    await write(customer, 'POST …/confirm (sandbox)', `/api/sandbox/payment-intents/${intent.intentId}/confirm`, {
      clientSecret: intent.clientSecret,
      card: GOOD_CARD,
      billingDetails: { email: customer.email, name: 'Bench Customer' },
    });
    await write(customer, 'POST /api/payment', '/api/payment', { transactionId: intent.intentId });
  }

  await onLoadCore(async () => {
    const begun = performance.now();
    const stopAt = begun + SECONDS * 1000;
    await Promise.all(
      customers.map(async (customer, i) => {
        for (let n = i; performance.now() < stopAt; n += customers.length) {
          const started = performance.now();
          try {
            await pay(customer, n);
            latencies.get('whole payment')!.push(performance.now() - started);
          } catch {
            failures.set('whole payment', failures.get('whole payment')! + 1);
          }
        }
      }),
    );
    // Until the last payment begun in time has ended.
    elapsedSeconds = (performance.now() - begun) / 1000;
  });
  return [...latencies].map(([step, times]) => ({
    name: `payment, ${PAYING_CUSTOMERS} customers at once: ${step}`,
    requestsPerSecond: (times.length - failures.get(step)!) / elapsedSeconds,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    errors: 0,
    non2xx: failures.get(step)!,
  }));
}

console.log(pinning ? `autocannon on core 0, each server under test on core ${SERVER_CPU} (BENCH_PIN=0 to leave it to the scheduler)` : 'not pinned to cores');
const results: Record<string, (Figures & { ratio?: number })[]> = {};
results.SQLite = await benchDatabase('SQLite');
const pgResult = await withPostgres((url) => benchDatabase('PostgreSQL', url));
if (pgResult) results.PostgreSQL = pgResult;
else console.log('\nPostgreSQL skipped: its server programs are not installed (apt-get install -y postgresql).');

let missed = false;
for (const [label, rows] of Object.entries(results)) {
  const items = rows.find((row) => row.name === 'GET /api/items');
  if (items?.ratio !== undefined && items.ratio < ITEMS_BUDGET) {
    missed = true;
    console.log(`Budget missed on ${label}: GET /api/items at ${items.ratio.toFixed(2)} of the bare server (budget ${ITEMS_BUDGET}).`);
  }
  const failures = rows.reduce((n, row) => n + row.errors + row.non2xx, 0);
  if (failures > 0) {
    missed = true;
    console.log(`${failures} failed requests on ${label}.`);
  }
}
if (!missed) console.log(`\nBudget met: GET /api/items at ≥ ${ITEMS_BUDGET} of the bare server on every database.`);
process.exitCode = missed ? 1 : 0;
