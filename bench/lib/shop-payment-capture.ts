import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { seedDemoData } from '../../src/server/seed/seed-demo.ts';
// The real sign-up and token calls, each from its own address (the sign-up's rate limit is never met).
import { signUpUser, type TestUser } from '../../test/helpers/auth.ts';
import { GOOD_CARD } from './customers.ts';

/** One statement as the shop handed it to node-postgres. */
export interface CapturedStatement {
  text: string;
  values: unknown[];
}

/**
 * The statements of one whole card payment, request by request, as the shop sends them to
 * PostgreSQL in its steady state (the customer has paid before), with what a replay needs to make
 * them anew for other customers: the paying customer's id, every customer's id (made in the same
 * database) and the menu's ids, which stay as they are.
 */
export interface CapturedPayment {
  steps: { path: string; statements: CapturedStatement[] }[];
  payerId: string;
  customerIds: string[];
  keptIds: string[];
}

async function post(app: FastifyInstance, url: string, headers: Record<string, string>, payload: unknown): Promise<unknown> {
  const res = await app.inject({ method: 'POST', url, payload: payload as object, headers });
  if (res.statusCode >= 300) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

/**
 * Builds the real shop in this process on the PostgreSQL database of `url` (migrated, the demo
 * menu), signs up `customers` customers, and records, by wrapping node-postgres's `query`, every
 * statement of the first customer's second whole payment (a dish into the cart, the intent, the
 * sandbox's confirmation, the record), BEGIN and COMMIT included. The database keeps the customers
 * for the replay (bench/lib/bare-payment-server.ts).
 */
export async function captureShopPayment(url: string, customers: number): Promise<CapturedPayment> {
  const database = openDatabase({ dataDir: '', databaseUrl: url });
  await migrateToLatest(database);
  await seedDemoData(database.db);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), 'unused'), MAIL_DISABLED: 'true' });
  const app = await buildApp({ config, database, webDir: path.join(os.tmpdir(), 'no-web-app'), logger: false });
  await app.ready();
  const original = pg.Client.prototype.query;
  try {
    const people: TestUser[] = [];
    for (let i = 0; i < customers; i++) people.push(await signUpUser(app, { name: 'Replay Customer' }));
    const payer = people[0]!;
    const menu = await database.db.selectFrom('menu_items').select('id').execute();
    const steps: CapturedPayment['steps'] = [];
    let recording: CapturedStatement[] | undefined;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [first, values] = args;
      if (recording) {
        const text = typeof first === 'string' ? first : String((first as { text?: string }).text ?? '');
        const given = typeof first === 'string' ? values : (first as { values?: unknown[] }).values;
        recording.push({ text, values: Array.isArray(given) ? [...given] : [] });
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    const step = async (stepPath: string, payload: unknown, round: number): Promise<unknown> => {
      if (round === 1) recording = [];
      const answer = await post(app, stepPath, payer.headers, payload);
      if (recording) steps.push({ path: stepPath, statements: recording });
      recording = undefined;
      return answer;
    };
    for (let round = 0; round < 2; round++) {
      await step('/api/cart', { itemId: menu[0]!.id }, round);
      const intent = (await step('/api/create-payment-intent', { price: 0.01 }, round)) as { intentId: string; clientSecret: string };
      await step(`/api/sandbox/payment-intents/${intent.intentId}/confirm`, { clientSecret: intent.clientSecret, card: GOOD_CARD, billingDetails: { email: payer.email, name: 'x' } }, round);
      await step('/api/payment', { transactionId: intent.intentId }, round);
    }
    return { steps, payerId: payer.id, customerIds: people.map((p) => p.id), keptIds: menu.map((m) => m.id) };
  } finally {
    pg.Client.prototype.query = original;
    await app.close();
    await database.db.destroy();
  }
}
