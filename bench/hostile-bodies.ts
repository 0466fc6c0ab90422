/**
 * `npm run bench:hostile`: does a flood of large, many-keyed JSON bodies slow other customers?
 * The real shop (SQLite, production settings) serves `GET /api/items` to 10 connections, first on
 * its own, then while 4 attackers send 1 MB bodies of 50,000 keys to `POST /api/cart` in a loop:
 * as a visitor (refused with 401 by the headers, before the body is read) and as a signed-in
 * customer (refused with 413 by its Content-Length, over the route's few KB). Reported: the menu's
 * rate, p50 and p99 in each phase, and how fast and how often the attackers were refused.
 */
import http from 'node:http';
import { Customer, newStats, percentile } from './lib/customers.ts';
import { measure, printTable, type Figures } from './lib/measure.ts';
import { startShop } from './lib/shop-process.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ATTACKERS = 4;
const HOSTILE_BODY = Buffer.from(`{${Array.from({ length: 50_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`.padEnd(1_048_576, ' '));

interface Attack {
  refusals: Map<number, number>;
  refusalMs: number[];
}

/** One attacker: posts the body again and again until `until()`; each answer's status and time kept. */
async function attacker(url: URL, headers: Record<string, string>, attack: Attack, until: () => boolean): Promise<void> {
  while (!until()) {
    const started = performance.now();
    const status = await new Promise<number>((resolve) => {
      const req = http.request(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'content-length': HOSTILE_BODY.length } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      // The shop closes the connection as soon as it has answered: the rest of the body is not sent.
      req.on('error', () => resolve(-1));
      req.end(HOSTILE_BODY);
    });
    attack.refusalMs.push(performance.now() - started);
    attack.refusals.set(status, (attack.refusals.get(status) ?? 0) + 1);
  }
}

async function underAttack(name: string, shopUrl: string, headers: Record<string, string>): Promise<{ figures: Figures; attack: Attack }> {
  const attack: Attack = { refusals: new Map(), refusalMs: [] };
  let done = false;
  const target = new URL('/api/cart', shopUrl);
  const attackers = Array.from({ length: ATTACKERS }, () => attacker(target, headers, attack, () => done));
  const figures = await measure(name, `${shopUrl}/api/items`, { connections: 10, seconds: SECONDS });
  done = true;
  await Promise.all(attackers);
  return { figures, attack };
}

const shop = await startShop();
try {
  const menuUrl = `${shop.url}/api/items`;
  const items = ((await (await fetch(menuUrl)).json()) as { _id: string }[]).map((item) => item._id);
  const customer = new Customer(shop, newStats(), items);
  await customer.signUp();

  await measure('warm-up', menuUrl, { connections: 10, seconds: 1 });
  const quiet = await measure('GET /api/items, quiet', menuUrl, { connections: 10, seconds: SECONDS });
  const anonymous = await underAttack('GET /api/items, 4 visitors posting 1 MB', shop.url, {});
  const signedIn = await underAttack('GET /api/items, 4 customers posting 1 MB', shop.url, { authorization: `Bearer ${customer.token}` });
  const after = await measure('GET /api/items, quiet again', menuUrl, { connections: 10, seconds: SECONDS });

  printTable('The menu while hostile bodies arrive (10 connections)', [quiet, anonymous.figures, signedIn.figures, after]);
  for (const [who, { attack }] of [['visitors', anonymous], ['customers', signedIn]] as const) {
    const statuses = [...attack.refusals].map(([status, count]) => `${count} × ${status}`).join(', ');
    console.log(
      `${who}: ${attack.refusalMs.length} hostile bodies (${statuses}), refused in p50 ${percentile(attack.refusalMs, 50).toFixed(1)} ms, p99 ${percentile(attack.refusalMs, 99).toFixed(1)} ms`,
    );
  }
  const worst = Math.max(anonymous.figures.p99, signedIn.figures.p99);
  console.log(`menu p99: quiet ${quiet.p99} ms, under attack at most ${worst} ms, quiet again ${after.p99} ms`);
} finally {
  await shop.stop();
}
