/**
 * `npm run bench:layers`: what each speed layer (src/server/speed-layers.ts) earns, measured with
 * and without it in one round. For each layer and database, two shops run side by side on the
 * servers' core: one as it ships, one started with SPEED_LAYERS_OFF=<layer>. The layer's paths are
 * measured on both in alternating turns (lib/measure.ts's takeTurns for reads; two-second turns
 * of bench:api's paying customers for payments), so a change of the machine's speed weighs on
 * both alike. A layer earns its place with a gain of at least 1.5× on one of its paths
 * (docs/decisions/0042-speed-layers-measured.md), or when a goal is missed without it (0044: the
 * PostgreSQL payment floor, replayed in the same round; the public reads' 0.8 of a bare server
 * sending the same bytes, measured in the same round); the run ends with each layer's verdict.
 * BENCH_SECONDS sets each path's measured seconds per shop (default 6); BENCH_LAYERS=<names>
 * measures only those layers; PostgreSQL runs when its server programs are installed.
 */
import pg from 'pg';
import { SPEED_LAYERS, type SpeedLayer } from '../src/server/speed-layers.ts';
import { BENCH_RATE_LIMITS, signUpCustomer, type BenchCustomer } from './lib/bench-customers.ts';
import { pinning } from './lib/cpu-pinning.ts';
import { snapshotOf, startBareServer, takeTurns } from './lib/measure.ts';
import { payAgainAndAgain, signUpPayers } from './lib/paying-customers.ts';
import { replayFloor } from './lib/payment-floor.ts';
import { placeOrder } from './lib/place-order.ts';
import { withPostgres } from './lib/postgres.ts';
import { startShop, type ShopProcess } from './lib/shop-process.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const EARNS = 1.5;
type Database = 'SQLite' | 'PostgreSQL';
type Path = 'cart' | 'orders' | 'order' | 'payments' | 'menu';

/** Each layer's paths with a goal (docs/product.md §15), and the databases it works on. */
/**
 * `floor`: judged also against PostgreSQL's payment floor (goal 0.8), which the layer may be needed
 * for; `bare`: its read judged also against a bare server sending the same bytes (goal 0.8).
 */
const LAYERS: Record<SpeedLayer, { paths: Path[]; databases: Database[]; floor?: boolean; bare?: boolean; logLevels?: (string | null)[] }> = {
  'session-cache': { paths: ['cart', 'order'], databases: ['SQLite', 'PostgreSQL'] },
  'kept-answers': { paths: ['cart', 'orders', 'order'], databases: ['SQLite', 'PostgreSQL'] },
  'statements-made-once': { paths: ['payments', 'cart'], databases: ['SQLite', 'PostgreSQL'] },
  'commit-with-last': { paths: ['payments'], databases: ['PostgreSQL'], floor: true },
  // Measured as bench:api's goals are: at the benches' level (warn: no line a request), and at the
  // production defaults (LOG_LEVEL unset: a line a request).
  'lazy-child-logger': { paths: ['menu'], databases: ['SQLite'], bare: true, logLevels: ['warn', null] },
};
const ONLY = process.env.BENCH_LAYERS ? new Set(process.env.BENCH_LAYERS.split(',').map((name) => name.trim())) : undefined;
for (const name of ONLY ?? []) if (!(name in SPEED_LAYERS)) throw new Error(`BENCH_LAYERS: unknown layer ${name}`);

interface Row {
  layer: SpeedLayer;
  database: Database;
  path: string;
  /** Requests (reads) or whole payments a second. */
  without: number;
  with: number;
  p99Without: number;
  p99With: number;
}

/** The dishes of one shop's menu (each shop seeds its own). */
async function dishesOf(shop: ShopProcess): Promise<string[]> {
  return ((await (await fetch(`${shop.url}/api/items`)).json()) as { _id: string }[]).map((item) => item._id);
}

/** A signed-in customer with five dishes in the cart and five orders, on one shop. */
async function reader(shop: ShopProcess): Promise<{ customer: BenchCustomer; orderIds: string[] }> {
  const itemIds = await dishesOf(shop);
  const customer = await signUpCustomer(shop.url, 'layers-reader');
  const orderIds: string[] = [];
  for (const itemId of itemIds.slice(0, 5)) orderIds.push(await placeOrder(shop.url, customer, itemId));
  for (const itemId of itemIds.slice(0, 5)) {
    const added = await fetch(`${shop.url}/api/cart`, {
      method: 'POST',
      headers: { ...customer.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ itemId }),
    });
    if (added.status !== 201) throw new Error(`POST /api/cart answered ${added.status}`);
  }
  return { customer, orderIds };
}

/** Whole payments a second by 100 customers on each shop, in two-second turns: without, with, with, without. */
async function paymentTurns(without: ShopProcess, withLayer: ShopProcess): Promise<Pick<Row, 'without' | 'with' | 'p99Without' | 'p99With'>> {
  const payers = new Map<ShopProcess, BenchCustomer[]>();
  const dishes = new Map<ShopProcess, string[]>();
  for (const shop of [without, withLayer]) {
    payers.set(shop, await signUpPayers(shop.url, 100));
    dishes.set(shop, await dishesOf(shop));
  }
  const totals = new Map<ShopProcess, { paid: number; seconds: number; times: number[] }>([
    [without, { paid: 0, seconds: 0, times: [] }],
    [withLayer, { paid: 0, seconds: 0, times: [] }],
  ]);
  const turn = async (shop: ShopProcess, counted = true) => {
    const load = await payAgainAndAgain(shop.url, payers.get(shop)!, dishes.get(shop)!, 2);
    if (!counted) return;
    const whole = load.latencies.get('whole payment')!;
    const failed = load.failures.get('whole payment')!;
    if (failed > 0) throw new Error(`${failed} payments failed`);
    const total = totals.get(shop)!;
    total.paid += whole.length;
    total.seconds += load.elapsedSeconds;
    total.times.push(...whole);
  };
  await turn(without, false);
  await turn(withLayer, false);
  for (let cycle = 0; cycle < Math.max(1, Math.ceil(SECONDS / 4)); cycle++) {
    await turn(without);
    await turn(withLayer);
    await turn(withLayer);
    await turn(without);
  }
  const rate = (shop: ShopProcess) => totals.get(shop)!.paid / totals.get(shop)!.seconds;
  const p99 = (shop: ShopProcess) => {
    const times = [...totals.get(shop)!.times].sort((a, b) => a - b);
    return times[Math.floor(times.length * 0.99)] ?? 0;
  };
  return { without: rate(without), with: rate(withLayer), p99Without: p99(without), p99With: p99(withLayer) };
}

const floors = new Map<SpeedLayer, number>();
/** The reads of a `bare` layer as shares of the bare server's, with and without the layer. */
const ofBare = new Map<SpeedLayer, { with: number; without: number }[]>();

/** Each shop's read beside a bare server sending its bytes, in turns: the share of the bare server's throughput. */
async function sharesOfBare(withUrl: string, withoutUrl: string): Promise<{ with: number; without: number }> {
  const bare = await startBareServer(await snapshotOf(withUrl));
  try {
    const share = async (url: string) => {
      const { baseline, measured } = await takeTurns('GET /api/items beside the bare server', bare.url, url, { seconds: SECONDS });
      return measured.requestsPerSecond / baseline.requestsPerSecond;
    };
    return { with: await share(withUrl), without: await share(withoutUrl) };
  } finally {
    await bare.close();
  }
}

async function measureLayer(layer: SpeedLayer, database: Database, databaseUrls: [string, string, string] | undefined, logLevel?: string | null): Promise<Row[]> {
  const { paths } = LAYERS[layer];
  const common = { env: BENCH_RATE_LIMITS, pinned: true, ...(logLevel !== undefined ? { logLevel } : {}) };
  const withLayer = await startShop({ ...common, databaseUrl: databaseUrls?.[0] });
  const without = await startShop({ ...common, databaseUrl: databaseUrls?.[1], env: { ...BENCH_RATE_LIMITS, SPEED_LAYERS_OFF: layer } });
  try {
    const rows: Row[] = [];
    const readers = paths.some((path) => ['cart', 'orders', 'order'].includes(path))
      ? { with: await reader(withLayer), without: await reader(without) }
      : undefined;
    for (const path of paths) {
      if (path === 'payments') {
        rows.push({ layer, database, path: 'whole payments, 100 customers', ...(await paymentTurns(without, withLayer)) });
        if (LAYERS[layer].floor && databaseUrls) floors.set(layer, (await replayFloor(databaseUrls[2], SECONDS)).oneByOne.paymentsPerSecond);
        continue;
      }
      const url = (shop: ShopProcess, own: Awaited<ReturnType<typeof reader>> | undefined) =>
        ({
          cart: `${shop.url}/api/cart?email=${encodeURIComponent(own?.customer.email ?? '')}`,
          orders: `${shop.url}/api/orders`,
          order: `${shop.url}/api/orders/${own?.orderIds[0]}`,
          menu: `${shop.url}/api/items`,
        })[path];
      const level = logLevel === undefined ? '' : logLevel === null ? ', LOG_LEVEL unset' : `, LOG_LEVEL=${logLevel}`;
      const name = { cart: 'GET /api/cart (5 entries)', orders: 'GET /api/orders (5 orders)', order: 'GET /api/orders/:id', menu: `GET /api/items${level}` }[path];
      const headersWith = readers?.with.customer.headers ?? {};
      const headersWithout = readers?.without.customer.headers ?? {};
      const { baseline, measured } = await turnsWithHeaders(name, url(without, readers?.without), headersWithout, url(withLayer, readers?.with), headersWith);
      if (baseline.errors + baseline.non2xx + measured.errors + measured.non2xx > 0) throw new Error(`${name}: failed requests`);
      rows.push({ layer, database, path: name, without: baseline.requestsPerSecond, with: measured.requestsPerSecond, p99Without: baseline.p99, p99With: measured.p99 });
      if (LAYERS[layer].bare) ofBare.set(layer, [...(ofBare.get(layer) ?? []), await sharesOfBare(url(withLayer, readers?.with), url(without, readers?.without))]);
    }
    return rows;
  } finally {
    await Promise.all([withLayer.stop(), without.stop()]);
  }
}

/** takeTurns with each server's own headers (each shop has its own signed-in reader). */
async function turnsWithHeaders(name: string, baselineUrl: string, baselineHeaders: Record<string, string>, measuredUrl: string, measuredHeaders: Record<string, string>) {
  return takeTurns(name, baselineUrl, measuredUrl, { seconds: SECONDS, headersFor: (url) => (url === baselineUrl ? baselineHeaders : measuredHeaders) });
}

/** Two empty databases on the cluster of `url`, one per shop. */
async function twoDatabases(url: string, layer: SpeedLayer): Promise<[string, string, string]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const names = (['with', 'without', 'floor'] as const).map((part) => `layers_${layer.replaceAll('-', '_')}_${part}`);
  try {
    for (const name of names) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const at = (name: string) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();
  return [at(names[0]!), at(names[1]!), at(names[2]!)];
}

console.log(pinning ? 'autocannon on core 0, both shops on core 1' : 'not pinned to cores');
const rows: Row[] = [];
const chosen = (Object.keys(LAYERS) as SpeedLayer[]).filter((layer) => !ONLY || ONLY.has(layer));
for (const layer of chosen) {
  if (!LAYERS[layer].databases.includes('SQLite')) continue;
  for (const logLevel of LAYERS[layer].logLevels ?? [undefined]) rows.push(...(await measureLayer(layer, 'SQLite', undefined, logLevel)));
}
const postgres = await withPostgres(async (url) => {
  for (const layer of chosen) if (LAYERS[layer].databases.includes('PostgreSQL')) rows.push(...(await measureLayer(layer, 'PostgreSQL', await twoDatabases(url, layer))));
  return true;
});
if (!postgres) console.log('PostgreSQL skipped: its server programs are not installed.');

console.log('\n| layer | database | path | without (/s, p99 ms) | with (/s, p99 ms) | gain |');
console.log('|---|---|---|---:|---:|---:|');
for (const row of rows) {
  console.log(`| ${row.layer} | ${row.database} | ${row.path} | ${row.without.toFixed(0)}, ${row.p99Without.toFixed(1)} | ${row.with.toFixed(0)}, ${row.p99With.toFixed(1)} | ${(row.with / row.without).toFixed(2)}× |`);
}
console.log('');
for (const layer of chosen) {
  const own = rows.filter((row) => row.layer === layer);
  const best = Math.max(...own.map((row) => row.with / row.without));
  const floor = floors.get(layer);
  const payments = own.find((row) => row.path.startsWith('whole payments') && row.database === 'PostgreSQL');
  // Needed for the floor's goal: 0.8 of it with the layer, under 0.8 without.
  const needed = floor !== undefined && payments !== undefined && payments.with / floor >= 0.8 && payments.without / floor < 0.8;
  const floorNote = floor !== undefined && payments ? ` (PostgreSQL payments at ${(payments.without / floor).toFixed(2)} of the floor's ${floor.toFixed(0)} a second without it, ${(payments.with / floor).toFixed(2)} with it)` : '';
  // Needed for the public reads' goal: 0.8 of the bare server with the layer, under 0.8 without, at a log level.
  const shares = ofBare.get(layer) ?? [];
  const neededForReads = shares.some((share) => share.with >= 0.8 && share.without < 0.8);
  const bareNote = shares.map((share) => ` (the read at ${share.without.toFixed(2)} of the bare server without it, ${share.with.toFixed(2)} with it)`).join('');
  const verdict =
    best >= EARNS
      ? 'earns its place'
      : needed
        ? `under ${EARNS}×, kept: the payment floor's goal of 0.8 is missed without it`
        : neededForReads
          ? `under ${EARNS}×, kept: the public reads' goal of 0.8 of a bare server is missed without it`
          : `under ${EARNS}×: remove or rebuild`;
  console.log(`${layer}: best gain ${best.toFixed(2)}×: ${verdict}${floorNote}${bareNote}`);
}
