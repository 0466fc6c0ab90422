import { describe, expect, it } from 'vitest';
import { migrateTo } from '../src/server/db/migrate.ts';
import { oldCustomer, oldIntent, oldOrder, oldPayment, oldShop } from './helpers/old-shop.ts';

/**
 * Migration 011 on a shop that already has payments and orders: every existing intent and order
 * gets a delivery fee of 0 (none was charged), there are no stored settings (the defaults: the
 * shop goes on as before), and down takes it all away again.
 */
const database = oldShop('008-one-charge-per-cart', '011-restaurant-settings', async (db) => {
  await db.insertInto('users').values(oldCustomer()).execute();
  await db.insertInto('payment_intents').values(oldIntent('old', { fulfilment: '{"type":"delivery"}' })).execute();
  await db.insertInto('payments').values(oldPayment(1, { transaction_id: 'pi_old' })).execute();
  await db
    .insertInto('orders')
    .values(oldOrder(1, { transaction_id: 'pi_old', fulfilment_type: 'delivery', fulfilment: '{"type":"delivery"}' }))
    .execute();
});

describe('migration 011 (restaurant settings)', () => {
  it('gives existing intents and orders no delivery fee, and stores no settings', async () => {
    const intent = await database().db.selectFrom('payment_intents').select(['amount_cents', 'delivery_fee_cents']).executeTakeFirstOrThrow();
    expect(intent).toEqual({ amount_cents: 1450, delivery_fee_cents: 0 });
    const order = await database().db.selectFrom('orders').select(['total_cents', 'delivery_fee_cents']).executeTakeFirstOrThrow();
    expect(order).toEqual({ total_cents: 1450, delivery_fee_cents: 0 });
    expect(await database().db.selectFrom('restaurant_settings').selectAll().execute()).toEqual([]);
  });

  it('goes down and up again with the rows intact', async () => {
    await migrateTo(database(), '008-one-charge-per-cart');
    await migrateTo(database(), '011-restaurant-settings');
    expect((await database().db.selectFrom('orders').select('total_cents').executeTakeFirstOrThrow()).total_cents).toBe(1450);
  });
});
