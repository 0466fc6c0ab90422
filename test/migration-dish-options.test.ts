import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/server/db/database.ts';
import { migrateTo, migrateToLatest } from '../src/server/db/migrate.ts';
import { freshDatabase } from './helpers/test-app.ts';

/** Migration 010 (dish options) on a database that already has dishes, carts and orders. */
let database: DatabaseHandle;
let drop: () => Promise<void>;
const at = '2026-01-01T12:00:00.000Z';

beforeAll(async () => {
  const fresh = await freshDatabase();
  database = fresh.database;
  drop = fresh.dropDatabase;
  await migrateTo(database, '008-one-charge-per-cart');
  // Rows as they were before 010: no options column yet.
  const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  await db.insertInto('users').values({ id: 'u1', name: 'Old', email: 'old@example.test', email_verified: false, image: null, role: 'user', registered_at: null, created_at: at, updated_at: at }).execute();
  await db.insertInto('menu_items').values({ id: 'm1', name: 'Bowl', category: 'juice', price_cents: 500, new_price_cents: null, recipe: 'r', image: '/i', created_at: at }).execute();
  await db.insertInto('cart_items').values({ id: 'c1', user_id: 'u1', menu_item_id: 'm1', name: 'Bowl', price_cents: 500, image: '/i', created_at: at }).execute();
  await db.insertInto('payments').values({ id: 'p1', transaction_id: 'pi_1', user_id: 'u1', name: 'Old', email: 'old@example.test', price_cents: 500, quantity: 1, cart_item_ids: '[]', menu_item_ids: '[]', item_names: '[]', status: 'paid', created_at: at }).execute();
  await db.insertInto('orders').values({ id: 'o1', number: 1001, transaction_id: 'pi_1', user_id: 'u1', customer_name: 'Old', customer_email: 'old@example.test', status: 'placed', fulfilment_type: 'pickup', fulfilment: '{"type":"pickup"}', note: null, lines: '[]', total_cents: 500, ready_by: null, reason: null, refund_status: null, refund_cents: null, created_at: at, updated_at: at }).execute();
  await db.insertInto('order_lines').values({ order_id: 'o1', position: 0, item_id: 'm1', name: 'Bowl', unit_cents: 500, quantity: 1, created_at: at }).execute();
  await migrateToLatest(database);
});
afterAll(async () => {
  await database.db.destroy();
  await drop();
});

describe('migration 010: dish options', () => {
  it('leaves existing dishes, cart entries and order lines without options', async () => {
    const db = database.db;
    expect(await db.selectFrom('menu_items').select(['id', 'options']).execute()).toEqual([{ id: 'm1', options: null }]);
    expect(await db.selectFrom('cart_items').select(['id', 'options']).execute()).toEqual([{ id: 'c1', options: null }]);
    expect(await db.selectFrom('order_lines').select(['order_id', 'options']).execute()).toEqual([{ order_id: 'o1', options: null }]);
  });

  it('goes down and up again, keeping the rows', async () => {
    await database.db.updateTable('menu_items').set({ options: '[]' }).execute();
    await migrateTo(database, '008-one-charge-per-cart');
    await migrateToLatest(database);
    expect(await database.db.selectFrom('menu_items').select(['id', 'options']).execute()).toEqual([{ id: 'm1', options: null }]);
    expect(await database.db.selectFrom('order_lines').select('order_id').execute()).toHaveLength(1);
  });
});
