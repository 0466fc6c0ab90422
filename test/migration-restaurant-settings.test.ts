import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/server/db/database.ts';
import { migrateTo } from '../src/server/db/migrate.ts';
import { freshDatabase } from './helpers/test-app.ts';

/**
 * Migration 011 on a shop that already has payments and orders: every existing intent and order
 * gets a delivery fee of 0 (none was charged), there are no stored settings (the defaults: the
 * shop goes on as before), and down takes it all away again.
 */
let database: DatabaseHandle;
let drop: () => Promise<void>;
const at = new Date(Date.UTC(2026, 0, 1)).toISOString();

beforeAll(async () => {
  const fresh = await freshDatabase();
  database = fresh.database;
  drop = fresh.dropDatabase;
  await migrateTo(database, '008-one-charge-per-cart');
  const db = database.db;
  await db
    .insertInto('users')
    .values({ id: 'u1', name: 'Old Customer', email: 'old@example.test', email_verified: false, image: null, role: 'user', created_at: at, updated_at: at } as never)
    .execute();
  await db
    .insertInto('payment_intents')
    .values({ id: 'pi_old', provider: 'sandbox', user_id: 'u1', amount_cents: 1450, currency: 'usd', items: '[]', client_secret: 's', status: 'succeeded', last_error: null, fulfilment: '{"type":"delivery"}', open_for_user: null, settled_at: at, created_at: at, updated_at: at } as never)
    .execute();
  await db
    .insertInto('payments')
    .values({ id: 'p1', transaction_id: 'pi_old', user_id: 'u1', name: 'n', email: 'old@example.test', price_cents: 1450, quantity: 1, cart_item_ids: '[]', menu_item_ids: '[]', item_names: '[]', status: 'service pending', created_at: at })
    .execute();
  await db
    .insertInto('orders')
    .values({ id: 'o1', number: 1001, transaction_id: 'pi_old', user_id: 'u1', customer_name: 'n', customer_email: 'old@example.test', status: 'placed', fulfilment_type: 'delivery', fulfilment: '{"type":"delivery"}', note: null, lines: '[]', total_cents: 1450, ready_by: null, reason: null, refund_status: null, refund_cents: null, created_at: at, updated_at: at } as never)
    .execute();
  await migrateTo(database, '011-restaurant-settings');
});
afterAll(async () => {
  await database.db.destroy();
  await drop();
});

describe('migration 011 (restaurant settings)', () => {
  it('gives existing intents and orders no delivery fee, and stores no settings', async () => {
    const intent = await database.db.selectFrom('payment_intents').select(['amount_cents', 'delivery_fee_cents']).executeTakeFirstOrThrow();
    expect(intent).toEqual({ amount_cents: 1450, delivery_fee_cents: 0 });
    const order = await database.db.selectFrom('orders').select(['total_cents', 'delivery_fee_cents']).executeTakeFirstOrThrow();
    expect(order).toEqual({ total_cents: 1450, delivery_fee_cents: 0 });
    expect(await database.db.selectFrom('restaurant_settings').selectAll().execute()).toEqual([]);
  });

  it('goes down and up again with the rows intact', async () => {
    await migrateTo(database, '008-one-charge-per-cart');
    await migrateTo(database, '011-restaurant-settings');
    expect((await database.db.selectFrom('orders').select('total_cents').executeTakeFirstOrThrow()).total_cents).toBe(1450);
  });
});
