import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/server/db/database.ts';
import { migrateTo } from '../src/server/db/migrate.ts';
import { freshDatabase } from './helpers/test-app.ts';

/**
 * Migration 006 unpacks the lines of the orders placed before it into order_lines, each with its
 * order's time, more orders than one batch of the copy holds; down removes the table and gives the
 * orders their old index back.
 */
let database: DatabaseHandle;
let drop: () => Promise<void>;
const ORDERS = 1203;

beforeAll(async () => {
  const fresh = await freshDatabase();
  database = fresh.database;
  drop = fresh.dropDatabase;
  await migrateTo(database, '005-orders');
  const db = database.db;
  for (let i = 0; i < ORDERS; i += 200) {
    const batch = Array.from({ length: Math.min(200, ORDERS - i) }, (_, n) => i + n);
    const at = (k: number) => new Date(Date.UTC(2026, 0, 1) + k * 60_000).toISOString();
    await db
      .insertInto('payments')
      .values(batch.map((k) => ({ id: `p${k}`, transaction_id: `pi_${k}`, user_id: null, name: 'n', email: 'e@example.test', price_cents: 1, quantity: 1, cart_item_ids: '[]', menu_item_ids: '[]', item_names: '[]', status: 'service pending', created_at: at(k) })))
      .execute();
    await db
      .insertInto('orders')
      .values(
        batch.map((k) => ({
          id: `o${String(k).padStart(5, '0')}`,
          number: 1001 + k,
          transaction_id: `pi_${k}`,
          user_id: null,
          customer_name: 'n',
          customer_email: 'e@example.test',
          status: 'placed',
          fulfilment_type: 'pickup',
          fulfilment: '{"type":"pickup"}',
          note: null,
          // Every third order has two lines.
          lines: JSON.stringify([
            { itemId: 'dish-a', name: 'Alfalfa', priceCents: 500, quantity: 1 + (k % 3) },
            ...(k % 3 === 0 ? [{ itemId: 'dish-b', name: 'Beet', priceCents: 750, quantity: 2 }] : []),
          ]),
          total_cents: 1,
          ready_by: null,
          reason: null,
          refund_status: null,
          refund_cents: null,
          created_at: at(k),
          updated_at: at(k),
        })),
      )
      .execute();
  }
});
afterAll(async () => {
  await database.db.destroy();
  await drop();
});

describe('migration 006', () => {
  it('copies every line of every order, with its position and its order’s time', async () => {
    await migrateTo(database, '006-order-lines');
    const lines = await database.db.selectFrom('order_lines').selectAll().orderBy('order_id').orderBy('position').execute();
    expect(lines).toHaveLength(ORDERS + Math.ceil(ORDERS / 3));
    expect(lines.slice(0, 3)).toEqual([
      { order_id: 'o00000', position: 0, item_id: 'dish-a', name: 'Alfalfa', unit_cents: 500, quantity: 1, created_at: '2026-01-01T00:00:00.000Z' },
      { order_id: 'o00000', position: 1, item_id: 'dish-b', name: 'Beet', unit_cents: 750, quantity: 2, created_at: '2026-01-01T00:00:00.000Z' },
      { order_id: 'o00001', position: 0, item_id: 'dish-a', name: 'Alfalfa', unit_cents: 500, quantity: 2, created_at: '2026-01-01T00:01:00.000Z' },
    ]);
    const last = lines.at(-1)!;
    expect(last).toMatchObject({ order_id: `o${String(ORDERS - 1).padStart(5, '0')}`, position: 0 });
  });

  it('goes back down to 005 and up again', async () => {
    await migrateTo(database, '005-orders');
    await expect(database.db.selectFrom('order_lines').selectAll().execute()).rejects.toThrow();
    await migrateTo(database, '006-order-lines');
    const count = await database.db.selectFrom('order_lines').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(ORDERS + Math.ceil(ORDERS / 3));
  });
});
