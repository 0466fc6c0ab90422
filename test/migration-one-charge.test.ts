import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import type { DatabaseHandle } from '../src/server/db/database.ts';
import { migrateTo, migrateToLatest } from '../src/server/db/migrate.ts';
import { freshDatabase } from './helpers/test-app.ts';

/**
 * Migration 008 (docs/decisions/0021-one-charge-per-cart.md) on a database filled at 005 the way
 * the shop before it left one: payments whose cart entries it copies into paid_cart_entries (one
 * entry paid twice by the old bug keeps its first payment), intents with a payment settled, the
 * others left for the first check, which records the one that succeeded and cancels the rest.
 */
let database: DatabaseHandle;
let drop: () => Promise<void>;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute)).toISOString();

beforeAll(async () => {
  const fresh = await freshDatabase();
  database = fresh.database;
  drop = fresh.dropDatabase;
  await migrateTo(database, '005-orders');
  const db = database.db;
  await db.insertInto('users').values({ id: 'u1', name: 'Old Customer', email: 'old@example.test', email_verified: false, image: null, role: 'user', registered_at: null, created_at: at(0), updated_at: at(0) }).execute();
  await db.insertInto('menu_items').values({ id: 'm1', name: 'Bowl', category: 'juice', price_cents: 500, new_price_cents: null, recipe: 'r', image: '/i', created_at: at(0) }).execute();
  await db.insertInto('cart_items').values({ id: 'c9', user_id: 'u1', menu_item_id: 'm1', name: 'Bowl', price_cents: 500, image: '/i', created_at: at(0) }).execute();
  const intent = (id: string, status: string, items: string[], minute: number) => ({
    id,
    provider: 'sandbox',
    user_id: 'u1',
    amount_cents: 500 * items.length,
    currency: 'usd',
    items: JSON.stringify(items.map((c) => ({ cartItemId: c, menuItemId: 'm1', name: 'Bowl', priceCents: 500 }))),
    client_secret: `${id}_secret`,
    status,
    last_error: null,
    fulfilment: null,
    created_at: at(minute),
    updated_at: at(minute),
  });
  await db
    .insertInto('payment_intents')
    .values([
      intent('pi_paid_1', 'succeeded', ['c1', 'c2'], 1),
      // The old bug: a second intent for c2, also recorded.
      intent('pi_paid_2', 'succeeded', ['c2', 'c3'], 2),
      // Confirmed, never recorded (the process died).
      intent('pi_lost', 'succeeded', ['c9'], 3),
      // Opened and left.
      intent('pi_left', 'requires_payment_method', ['c9'], 4),
    ] as never)
    .execute();
  const payment = (id: string, transaction: string, entries: string[], minute: number) => ({
    id,
    transaction_id: transaction,
    user_id: 'u1',
    name: 'Old Customer',
    email: 'old@example.test',
    price_cents: 500 * entries.length,
    quantity: entries.length,
    cart_item_ids: JSON.stringify(entries),
    menu_item_ids: JSON.stringify(entries.map(() => 'm1')),
    item_names: JSON.stringify(entries.map(() => 'Bowl')),
    status: 'service pending',
    created_at: at(minute),
  });
  await db.insertInto('payments').values([payment('p1', 'pi_paid_1', ['c1', 'c2'], 1), payment('p2', 'pi_paid_2', ['c2', 'c3'], 2)]).execute();
  await migrateTo(database, '008-one-charge-per-cart');
});
afterAll(async () => {
  await database.db.destroy();
  await drop();
});

async function intents() {
  const rows = await database.db.selectFrom('payment_intents').select(['id', 'status', 'open_for_user', 'settled_at']).orderBy('id').execute();
  return Object.fromEntries(rows.map((r) => [r.id, { status: r.status, open: r.open_for_user, settled: r.settled_at !== null }]));
}

describe('migration 008: one charge per cart', () => {
  it("copies the paid entries (the first payment keeps an entry paid twice) and settles the intents that have a payment", async () => {
    const paid = await database.db.selectFrom('paid_cart_entries').selectAll().orderBy('cart_item_id').execute();
    expect(paid).toEqual([
      { cart_item_id: 'c1', transaction_id: 'pi_paid_1' },
      { cart_item_id: 'c2', transaction_id: 'pi_paid_1' },
      { cart_item_id: 'c3', transaction_id: 'pi_paid_2' },
    ]);
    expect(await intents()).toEqual({
      pi_left: { status: 'requires_payment_method', open: null, settled: false },
      pi_lost: { status: 'succeeded', open: null, settled: false },
      pi_paid_1: { status: 'succeeded', open: null, settled: true },
      pi_paid_2: { status: 'succeeded', open: null, settled: true },
    });
  });

  it('the first start records the payment that was never recorded and cancels the intent left open', async () => {
    // A start migrates to the latest first (src/server/main.ts): the app reads the later migrations' columns.
    await migrateToLatest(database);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), 'unused') });
    const app = await buildApp({ config, database, webDir: path.join(os.tmpdir(), 'no-web-app'), logger: false });
    await app.ready();
    await app.close();
    expect(await intents()).toMatchObject({
      pi_left: { status: 'canceled', settled: true },
      pi_lost: { status: 'succeeded', settled: true },
    });
    const lost = await database.db.selectFrom('payments').selectAll().where('transaction_id', '=', 'pi_lost').executeTakeFirstOrThrow();
    expect(lost).toMatchObject({ user_id: 'u1', price_cents: 500, quantity: 1 });
    expect(await database.db.selectFrom('orders').select('id').where('transaction_id', '=', 'pi_lost').execute()).toHaveLength(1);
    expect(await database.db.selectFrom('cart_items').select('id').execute()).toEqual([]);
  });

  it('goes down and up again', async () => {
    await migrateTo(database, '005-orders');
    await migrateTo(database, '008-one-charge-per-cart');
    // Back up, the entries of every payment are copied again, the newly recorded one included.
    const paid = await database.db.selectFrom('paid_cart_entries').select('cart_item_id').orderBy('cart_item_id').execute();
    expect(paid.map((p) => p.cart_item_id)).toEqual(['c1', 'c2', 'c3', 'c9']);
  });
});
