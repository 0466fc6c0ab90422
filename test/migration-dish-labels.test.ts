import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/server/db/database.ts';
import { migrateTo } from '../src/server/db/migrate.ts';
import { freshDatabase } from './helpers/test-app.ts';

/**
 * Migration 009 (dish labels, sold out, hidden, cart removal notices) on a database that already
 * has dishes and cart entries: every row is kept, the dishes get no labels and stay on sale, the
 * switches accept only 0 and 1; and back down.
 */
let database: DatabaseHandle;
let drop: () => Promise<void>;
const now = new Date().toISOString();

beforeAll(async () => {
  const fresh = await freshDatabase();
  database = fresh.database;
  drop = fresh.dropDatabase;
  await migrateTo(database, '008-one-charge-per-cart');
  const db = database.db;
  await db.insertInto('users').values({ id: 'u1', name: 'u1', email: 'u1@example.test', email_verified: false, image: null, role: 'user', registered_at: null, created_at: now, updated_at: now } as never).execute();
  for (const id of ['m1', 'm2']) {
    await db.insertInto('menu_items').values({ id, name: `Bowl ${id}`, category: 'juice', price_cents: 500, new_price_cents: null, recipe: 'r', image: '/i', created_at: now } as never).execute();
  }
  await db.insertInto('cart_items').values({ id: 'c1', user_id: 'u1', menu_item_id: 'm1', name: 'Bowl m1', price_cents: 500, image: '/i', created_at: now }).execute();
});
afterAll(async () => {
  await database.db.destroy();
  await drop();
});

describe('migration 009: dish labels and availability', () => {
  it('keeps every dish and cart entry, with no labels and on sale; the switches take 0 or 1 only', async () => {
    await migrateTo(database, '009-dish-labels-availability');
    const db = database.db;
    const dishes = await db.selectFrom('menu_items').select(['id', 'tags', 'allergens', 'sold_out', 'hidden']).orderBy('id').execute();
    expect(dishes).toEqual([
      { id: 'm1', tags: '', allergens: '', sold_out: 0, hidden: 0 },
      { id: 'm2', tags: '', allergens: '', sold_out: 0, hidden: 0 },
    ]);
    expect(await db.selectFrom('cart_items').select('id').execute()).toEqual([{ id: 'c1' }]);
    await expect(db.updateTable('menu_items').set({ sold_out: 2 }).where('id', '=', 'm1').execute()).rejects.toThrow();
    await db.updateTable('menu_items').set({ sold_out: 1, tags: 'vegan' }).where('id', '=', 'm1').execute();
    await db.insertInto('cart_removals').values({ id: 'r1', user_id: 'u1', name: 'Bowl m2', created_at: now }).execute();
    // A customer's notices go with their account.
    await db.deleteFrom('users').where('id', '=', 'u1').execute();
    expect(await db.selectFrom('cart_removals').select('id').execute()).toEqual([]);
  });

  it('goes back down, keeping the dishes', async () => {
    await migrateTo(database, '008-one-charge-per-cart');
    const rows = await database.db.selectFrom('menu_items').selectAll().orderBy('id').execute();
    expect(rows.map((row) => row.id)).toEqual(['m1', 'm2']);
    expect(rows[0]).not.toHaveProperty('sold_out');
    await migrateTo(database, '009-dish-labels-availability');
  });
});
