import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/database.ts';
import { migrateTo } from '../../src/server/db/migrate.ts';
import { freshDatabase } from './test-app.ts';

/**
 * What a migration test needs: a database stopped at an older migration, filled with rows as the
 * shop wrote them then, and migrated on. Rows carry only the columns every migration from
 * 005-orders on has; a test adds the later ones it needs (`{ delivery_fee_cents: 0 }`).
 */

/** The moment every old row was written. */
export const OLD_AT = new Date(Date.UTC(2026, 0, 1)).toISOString();

type Row = Record<string, unknown>;

/**
 * A database migrated to `before` for the file's tests: `fill` writes the old rows, then the
 * database is migrated to `after`. Dropped after the file's tests.
 */
export function oldShop(before: string, after: string, fill: (db: DatabaseHandle['db']) => Promise<void>): () => DatabaseHandle {
  let database: DatabaseHandle | undefined;
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const fresh = await freshDatabase();
    database = fresh.database;
    drop = fresh.dropDatabase;
    await migrateTo(database, before);
    await fill(database.db);
    await migrateTo(database, after);
  });
  afterAll(async () => {
    await database?.db.destroy();
    await drop();
  });
  return () => {
    if (!database) throw new Error('oldShop: the database is made in beforeAll');
    return database;
  };
}

/** The customer u1 who placed the old orders. */
export const oldCustomer = (extra: Row = {}): never =>
  ({ id: 'u1', name: 'Old Customer', email: 'old@example.test', email_verified: false, image: null, role: 'user', created_at: OLD_AT, updated_at: OLD_AT, ...extra }) as never;

/** u1's settled payment intent `pi_<n>` of $14.50. */
export const oldIntent = (n: number | string, extra: Row = {}): never =>
  ({ id: `pi_${n}`, provider: 'sandbox', user_id: 'u1', amount_cents: 1450, currency: 'usd', items: '[]', client_secret: 's', status: 'succeeded', last_error: null, fulfilment: null, open_for_user: null, settled_at: OLD_AT, created_at: OLD_AT, updated_at: OLD_AT, ...extra }) as never;

/** The payment `p<n>` recorded for `pi_<n>`. */
export const oldPayment = (n: number | string, extra: Row = {}): never =>
  ({ id: `p${n}`, transaction_id: `pi_${n}`, user_id: 'u1', name: 'n', email: 'old@example.test', price_cents: 1450, quantity: 1, cart_item_ids: '[]', menu_item_ids: '[]', item_names: '[]', status: 'service pending', created_at: OLD_AT, ...extra }) as never;

/** The placed pick-up order `o<n>` (number 1000 + n) of `pi_<n>`. */
export const oldOrder = (n: number, extra: Row = {}): never =>
  ({ id: `o${n}`, number: 1000 + n, transaction_id: `pi_${n}`, user_id: 'u1', customer_name: 'n', customer_email: 'old@example.test', status: 'placed', fulfilment_type: 'pickup', fulfilment: '{"type":"pickup"}', note: null, lines: '[]', total_cents: 1450, ready_by: null, reason: null, refund_status: null, refund_cents: null, created_at: OLD_AT, updated_at: OLD_AT, ...extra }) as never;
