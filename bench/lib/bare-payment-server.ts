/**
 * The floor under the shop's payments (bench/payment-floor.ts): a bare node:http server, its own
 * process like the shop's, that answers a payment's four requests (bench/lib/paying-customers.ts)
 * with small JSON and, when FLOOR_DATABASE_URL is set, first makes FLOOR_STATEMENTS round trips to
 * PostgreSQL for each request through node-postgres's pool: BEGIN, small inserts, COMMIT (or one
 * insert alone when FLOOR_STATEMENTS is 1). No validation, no session, no logic: what a payment
 * costs this machine before the shop does anything of its own. Prints its port.
 *
 * FLOOR_REPLAY names a file of the shop's own statements for one payment
 * (bench/lib/shop-payment-capture.ts): each request then sends its step's statements, with fresh
 * ids for each payment and the caller's customer in place of the one captured, prepared as the
 * shop prepares them (one round trip each, a transaction's on one connection). FLOOR_PIPELINE=1
 * sends each request's statements together on one connection (node-postgres's pipeline mode):
 * what a shop could reach if a request were one round trip.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import type { CapturedPayment, CapturedStatement } from './shop-payment-capture.ts';

const statements = Number(process.env.FLOOR_STATEMENTS ?? 0);
const replay = process.env.FLOOR_REPLAY ? (JSON.parse(fs.readFileSync(process.env.FLOOR_REPLAY, 'utf8')) as CapturedPayment) : undefined;
const pipeline = process.env.FLOOR_PIPELINE === '1';
const pool = process.env.FLOOR_DATABASE_URL ? new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: 20, pipeline }) : undefined;
await pool?.query('create table if not exists floor_rows (id bigserial primary key, user_id text not null, body text not null, created_at timestamptz not null default now())');
await pool?.query('create index if not exists floor_rows_user_idx on floor_rows (user_id, created_at)');

async function roundTrips(path: string, body: string): Promise<void> {
  if (!pool || statements === 0) return;
  const client = await pool.connect();
  try {
    if (statements === 1) {
      await client.query('insert into floor_rows (user_id, body) values ($1, $2)', [path, body]);
      return;
    }
    await client.query('begin');
    for (let i = 0; i < statements - 2; i++) await client.query('insert into floor_rows (user_id, body) values ($1, $2)', [path, body]);
    await client.query('commit');
  } finally {
    client.release();
  }
}

// The replay: ids a payment makes (rows, the intent: hex with or without dashes) are made anew for
// each payment of each customer; the customers' and the menu's ids stay.
const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32}/g;
const kept = new Set([...(replay?.keptIds ?? []), ...(replay?.customerIds ?? [])]);
const paymentsIds = new Map<number, Map<string, string>>();
const names = new Map<string, string>();

function replayValue(value: unknown, customer: string, ids: Map<string, string>): unknown {
  if (typeof value !== 'string') return value;
  return value.split(replay!.payerId).join(customer).replace(ID, (id) => {
    if (kept.has(id)) return id;
    let fresh = ids.get(id);
    if (fresh === undefined) {
      fresh = id.includes('-') ? randomUUID() : randomUUID().replaceAll('-', '');
      ids.set(id, fresh);
    }
    return fresh;
  });
}

function send(client: pg.PoolClient | pg.Pool, statement: CapturedStatement, customer: string, ids: Map<string, string>): Promise<unknown> {
  if (statement.values.length === 0) return client.query(statement.text);
  let name = names.get(statement.text);
  if (name === undefined) names.set(statement.text, (name = `replay_${names.size + 1}`));
  return client.query({ name, text: statement.text, values: statement.values.map((value) => replayValue(value, customer, ids)) });
}

async function replayStep(path: string, authorization: string): Promise<void> {
  const index = Number(/\.(\d+)$/.exec(authorization)?.[1] ?? 0);
  const customer = replay!.customerIds[index % replay!.customerIds.length]!;
  if (path === '/api/cart') paymentsIds.set(index, new Map());
  const ids = paymentsIds.get(index) ?? new Map<string, string>();
  const step = replay!.steps.find((s) => (path.startsWith('/api/sandbox/') ? s.path.startsWith('/api/sandbox/') : s.path === path));
  if (!step) throw new Error(`no captured step for ${path}`);
  if (pipeline) {
    const client = await pool!.connect();
    try {
      await Promise.all(step.statements.map((statement) => send(client, statement, customer, ids)));
    } finally {
      client.release();
    }
    return;
  }
  let transaction: pg.PoolClient | undefined;
  try {
    for (const statement of step.statements) {
      if (/^begin/i.test(statement.text)) transaction = await pool!.connect();
      await send(transaction ?? pool!, statement, customer, ids);
      if (/^commit/i.test(statement.text)) {
        transaction!.release();
        transaction = undefined;
      }
    }
  } finally {
    transaction?.release();
  }
}

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    JSON.parse(body);
    const path = request.url ?? '/';
    (replay ? replayStep(path, request.headers.authorization ?? '') : roundTrips(path, body)).then(
      () => {
        const answer = JSON.stringify(path === '/api/create-payment-intent' ? { clientSecret: 'pi_floor_secret', intentId: 'pi_floor', amount: 12.5, quantity: 1 } : { ok: true });
        response.writeHead(path === '/api/cart' ? 201 : 200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(answer) });
        response.end(answer);
      },
      (error: unknown) => {
        if (replay) console.error(error);
        response.writeHead(500).end();
      },
    );
  });
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => void pool?.end().then(() => process.exit(0))));
