import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/server/db/database.ts';
import type { FastifyInstance } from 'fastify';
import { signUpUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { confirmSandbox, fillCart, menuItemIds, openIntent, postPayment } from './payment-helpers.ts';

/**
 * Two shop processes on one database, as behind a load balancer: each app here has its own
 * connections (its own SQLite connection to the same file, or its own PostgreSQL pool), so the
 * once-only rule is decided by the database, not by one process's queue.
 */
let t: TestApp;
let second: { app: FastifyInstance; database: DatabaseHandle };

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  let database: DatabaseHandle;
  if (t.database.kind === 'postgres') {
    database = openDatabase({ dataDir: '', databaseUrl: t.database.postgresUrl! });
  } else {
    const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(t.database.db);
    database = openDatabase({ dataDir: path.dirname(rows[0]!.file) });
  }
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), 'unused') });
  const app = await buildApp({ config, database, webDir: path.join(os.tmpdir(), 'no-web-app'), logger: false });
  await app.ready();
  second = { app, database };
});
afterAll(async () => {
  await second.app.close();
  await second.database.db.destroy();
  await t.close();
});

describe('POST /api/payment from two processes at once', () => {
  it('records the intent once and both answer the same record', async () => {
    const customer = await signUpUser(t.app);
    const menu = await menuItemIds(t.app, 3);
    for (let round = 0; round < 3; round++) {
      await fillCart(t.app, customer, menu.map((m) => m.id));
      const intent = await openIntent(t.app, customer);
      await confirmSandbox(second.app, customer, intent);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => postPayment(i % 2 === 0 ? t.app : second.app, customer, intent.intentId)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
      expect(new Set(answers.map((a) => a.json<{ result: { insertedId: string } }>().result.insertedId)).size).toBe(1);
      const rows = await t.database.db.selectFrom('payments').select('id').where('transaction_id', '=', intent.intentId).execute();
      expect(rows).toHaveLength(1);
      const cart = await t.database.db.selectFrom('cart_items').select('id').where('user_id', '=', customer.id).execute();
      expect(cart).toEqual([]);
    }
  });
});
