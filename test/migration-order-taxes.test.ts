import { describe, expect, it } from 'vitest';
import { toOrder } from '../src/server/orders/order-view.ts';
import { OLD_AT, oldCustomer, oldIntent, oldOrder, oldPayment, oldShop } from './helpers/old-shop.ts';

/**
 * Migration 027 on a shop with orders from before taxes: they keep their figures and answer no
 * taxes (null, 0 in the statistics), and every dish has its category's rate (none of its own).
 */
const database = oldShop('025-restaurant-tables', '027-order-taxes', async (db) => {
  await db.insertInto('users').values(oldCustomer()).execute();
  await db
    .insertInto('menu_items')
    .values({ id: 'd1', name: 'Green bowl', category: 'offered', price_cents: 1450, new_price_cents: null, recipe: 'r', image: '/i.webp', created_at: OLD_AT } as never)
    .execute();
  await db.insertInto('payment_intents').values(oldIntent(1)).execute();
  await db.insertInto('payments').values(oldPayment(1)).execute();
  await db
    .insertInto('orders')
    .values(oldOrder(1, { lines: '[{"itemId":"d1","name":"Green bowl","priceCents":1450,"quantity":1}]', delivery_fee_cents: 0, refund_attempts: 0 }))
    .execute();
});

describe('migration 027 (order taxes)', () => {
  it('leaves older orders untaxed and unchanged, and dishes without a rate of their own', async () => {
    const order = await database().db.selectFrom('orders').selectAll().where('id', '=', 'o1').executeTakeFirstOrThrow();
    expect([order.taxes, Number(order.tax_cents), Number(order.total_cents)]).toEqual([null, 0, 1450]);
    const answered = toOrder(order, [], false);
    expect(answered).not.toHaveProperty('taxes');
    expect(answered.total).toBe(14.5);
    const dish = await database().db.selectFrom('menu_items').select('tax_rate_id').where('id', '=', 'd1').executeTakeFirstOrThrow();
    expect(dish.tax_rate_id).toBeNull();
  });
});
