/**
 * `npm run bench:orders`: the order board's two costs, on SQLite and (when PostgreSQL's server
 * programs are installed) on PostgreSQL, against the real shop process.
 *
 * - Live updates: BENCH_SSE_CLIENTS (100) boards connected to GET /api/orders/events as staff;
 *   customers pay one order at a time (cart, intent, the sandbox's confirmation beforehand), and
 *   for each order the time from sending POST /api/payment (the confirmation that records the
 *   payment and makes the order) to its frame arriving at each board; then the same for a staff
 *   move (POST /api/staff/orders/:id/status). p50 and p99 over every (order, board) pair. Budget
 *   (docs/performance.md): p99 ≤ 50 ms. On PostgreSQL every change travels through NOTIFY, as it
 *   would between two processes.
 * - The board's first load: GET /api/staff/orders with BENCH_BOARD_ORDERS (500) orders today, one
 *   board loading again and again, then 10 at once, each for BENCH_SECONDS (8).
 * The bench runs on core 0 and the shop on core 1 when the machine has two (bench/lib/cpu-pinning.ts).
 */
import { BENCH_RATE_LIMITS, signUpCustomer, type BenchCustomer } from './lib/bench-customers.ts';
import { onLoadCore, pinning, SERVER_CPU } from './lib/cpu-pinning.ts';
import { percentile } from './lib/customers.ts';
import { openEventStream, type EventStream } from './lib/event-stream.ts';
import { measure, printTable, type Figures } from './lib/measure.ts';
import { withPostgres } from './lib/postgres.ts';
import { post, readyToPay } from './lib/place-order.ts';
import { openShopDb } from './lib/shop-db.ts';
import { startShop } from './lib/shop-process.ts';

const CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? 100);
const CHANGES = Number(process.env.BENCH_ORDER_CHANGES ?? 200);
const WARM_UP = 20;
const BOARD_ORDERS = Number(process.env.BENCH_BOARD_ORDERS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const BUDGET_P99_MS = 50;

interface LiveFigures {
  name: string;
  samples: number;
  p50: number;
  p99: number;
  max: number;
  missing: number;
}

/**
 * Arrival times per board: each frame's order id and status are read from the start of its data
 * (`{"_id":"…","number":…,"status":"…"`), so the boards' own parsing stays out of the times.
 */
function watchArrivals(streams: EventStream[]) {
  const arrivals = new Map<string, number[]>();
  const waiting = new Map<string, () => void>();
  for (const stream of streams) {
    stream.onFrame = (frame) => {
      const head = /^\{"_id":"([^"]+)","number":\d+,"status":"([a-z_]+)"/.exec(frame.data);
      if (!head) return;
      const key = `${head[1]} ${head[2]}`;
      const times = arrivals.get(key) ?? [];
      times.push(frame.at);
      arrivals.set(key, times);
      if (times.length === streams.length) waiting.get(key)?.();
    };
  }
  return {
    /** Resolves with every board's arrival time of this change, or what arrived within 5 s. */
    async all(orderId: string, status: string): Promise<number[]> {
      const key = `${orderId} ${status}`;
      if ((arrivals.get(key)?.length ?? 0) < streams.length) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 5000);
          waiting.set(key, () => {
            clearTimeout(timer);
            resolve();
          });
        });
        waiting.delete(key);
      }
      return arrivals.get(key) ?? [];
    },
  };
}

async function liveUpdates(shopUrl: string, staff: BenchCustomer, customers: BenchCustomer[], itemIds: string[]): Promise<LiveFigures[]> {
  const streams = await Promise.all(Array.from({ length: CLIENTS }, () => openEventStream(`${shopUrl}/api/orders/events`, staff.headers)));
  const failed = streams.filter((s) => s.status !== 200);
  if (failed.length) throw new Error(`${failed.length} streams refused: ${failed[0]!.status} ${failed[0]!.body()}`);
  const arrivals = watchArrivals(streams);
  const placed: number[] = [];
  const moved: number[] = [];
  let missing = { placed: 0, moved: 0 };
  try {
    await onLoadCore(async () => {
      for (let n = 0; n < WARM_UP + CHANGES; n++) {
        const customer = customers[n % customers.length]!;
        const intentId = await readyToPay(shopUrl, customer, itemIds[n % itemIds.length]!);
        const paidAt = performance.now();
        const { order } = (await post(shopUrl, customer, '/api/payment', { transactionId: intentId })) as { order: { _id: string } };
        const placedTimes = await arrivals.all(order._id, 'placed');
        const movedAt = performance.now();
        await post(shopUrl, staff, `/api/staff/orders/${order._id}/status`, { status: 'accepted', readyInMinutes: 15 });
        const movedTimes = await arrivals.all(order._id, 'accepted');
        if (n < WARM_UP) continue;
        placed.push(...placedTimes.map((at) => at - paidAt));
        moved.push(...movedTimes.map((at) => at - movedAt));
        missing = { placed: missing.placed + CLIENTS - placedTimes.length, moved: missing.moved + CLIENTS - movedTimes.length };
        // A pause between changes, as a restaurant's are: each is measured on its own.
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
  } finally {
    for (const stream of streams) stream.close();
  }
  const row = (name: string, times: number[], lost: number): LiveFigures => ({
    name,
    samples: times.length,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: percentile(times, 100),
    missing: lost,
  });
  return [
    row(`order placed → ${CLIENTS} boards (from sending POST /api/payment)`, placed, missing.placed),
    row(`order accepted → ${CLIENTS} boards (from sending POST …/status)`, moved, missing.moved),
  ];
}

/** BOARD_ORDERS orders today, paid through the API by the customers at once, then the board's load. */
async function boardLoad(shopUrl: string, staff: BenchCustomer, customers: BenchCustomer[], itemIds: string[]): Promise<{ figures: Figures[]; orders: number; bytes: number }> {
  let made = (await (await fetch(`${shopUrl}/api/staff/orders`, { headers: staff.headers })).json()) as unknown[];
  let next = 0;
  await Promise.all(
    customers.map(async (customer, i) => {
      while (next < BOARD_ORDERS - made.length) {
        next += 1;
        const intentId = await readyToPay(shopUrl, customer, itemIds[(next + i) % itemIds.length]!);
        await post(shopUrl, customer, '/api/payment', { transactionId: intentId });
      }
    }),
  );
  const answer = await fetch(`${shopUrl}/api/staff/orders`, { headers: staff.headers });
  const text = await answer.text();
  made = JSON.parse(text) as unknown[];
  const figures: Figures[] = [];
  for (const boards of [1, 10]) {
    figures.push(
      await onLoadCore(() =>
        measure(`GET /api/staff/orders (${made.length} orders today, ${boards === 1 ? 'one board' : `${boards} boards at once`})`, `${shopUrl}/api/staff/orders`, {
          headers: staff.headers,
          connections: boards,
          seconds: SECONDS,
        }),
      ),
    );
  }
  return { figures, orders: made.length, bytes: Buffer.byteLength(text) };
}

async function benchDatabase(label: string, databaseUrl?: string) {
  const shop = await startShop({ databaseUrl, env: BENCH_RATE_LIMITS, pinned: true });
  const db = await openShopDb({ dataDir: shop.dataDir, databaseUrl });
  try {
    const items = (await (await fetch(`${shop.url}/api/items`)).json()) as Array<{ _id: string }>;
    const itemIds = items.map((item) => item._id);
    const staff = await signUpCustomer(shop.url, 'staff');
    await db.run(`update users set role = 'staff' where email = ?`, [staff.email]);
    const customers: BenchCustomer[] = [];
    while (customers.length < 20) customers.push(...(await Promise.all(Array.from({ length: 10 }, () => signUpCustomer(shop.url, 'orderer')))));

    const live = await liveUpdates(shop.url, staff, customers, itemIds);
    const board = await boardLoad(shop.url, staff, customers, itemIds);

    console.log(`\nOrders on ${label}: live updates`);
    console.log('| change | samples | p50 ms | p99 ms | max ms | missing |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const row of live) console.log(`| ${row.name} | ${row.samples} | ${row.p50} | ${row.p99} | ${row.max} | ${row.missing} |`);
    printTable(`Orders on ${label}: the board's first load (${board.orders} orders, ${Math.round(board.bytes / 1000)} kB of JSON)`, board.figures);
    return { live, board };
  } finally {
    await db.close();
    await shop.stop();
  }
}

console.log(pinning ? `bench on core 0, the shop on core ${SERVER_CPU} (BENCH_PIN=0 to leave it to the scheduler)` : 'not pinned to cores');
const results: Record<string, Awaited<ReturnType<typeof benchDatabase>>> = {};
results.SQLite = await benchDatabase('SQLite');
const pgResult = await withPostgres((url) => benchDatabase('PostgreSQL', url));
if (pgResult) results.PostgreSQL = pgResult;
else console.log('\nPostgreSQL skipped: its server programs are not installed (apt-get install -y postgresql).');

let missed = false;
for (const [label, { live, board }] of Object.entries(results)) {
  for (const row of live) {
    if (row.p99 > BUDGET_P99_MS || row.missing > 0) {
      missed = true;
      console.log(`Budget missed on ${label}: ${row.name} p99 ${row.p99} ms (budget ${BUDGET_P99_MS}), ${row.missing} frames missing.`);
    }
  }
  const failedLoads = board.figures.reduce((n, row) => n + row.errors + row.non2xx, 0);
  if (failedLoads > 0) {
    missed = true;
    console.log(`${failedLoads} failed board loads on ${label}.`);
  }
}
if (!missed) console.log(`\nBudget met: every change reached ${CLIENTS} boards with p99 ≤ ${BUDGET_P99_MS} ms on every database.`);
process.exitCode = missed ? 1 : 0;
