/**
 * The floor under the shop's payments (bench/payment-floor.ts): a bare node:http server, its own
 * process like the shop's, that answers a payment's four requests (bench/lib/paying-customers.ts)
 * with small JSON and, when FLOOR_DATABASE_URL is set, first makes FLOOR_STATEMENTS round trips to
 * PostgreSQL for each request through node-postgres's pool: BEGIN, small inserts, COMMIT (or one
 * insert alone when FLOOR_STATEMENTS is 1). No validation, no session, no logic: what a payment
 * costs this machine before the shop does anything of its own. Prints its port.
 */
import http from 'node:http';
import pg from 'pg';

const statements = Number(process.env.FLOOR_STATEMENTS ?? 0);
const pool = process.env.FLOOR_DATABASE_URL ? new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: 20 }) : undefined;
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

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    JSON.parse(body);
    const path = request.url ?? '/';
    roundTrips(path, body).then(
      () => {
        const answer = JSON.stringify(path === '/api/create-payment-intent' ? { clientSecret: 'pi_floor_secret', intentId: 'pi_floor', amount: 12.5, quantity: 1 } : { ok: true });
        response.writeHead(path === '/api/cart' ? 201 : 200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(answer) });
        response.end(answer);
      },
      () => {
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
