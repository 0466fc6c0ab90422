import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/server/db/database.ts';
import { migrateTo } from '../src/server/db/migrate.ts';
import { freshDatabase } from './helpers/test-app.ts';

/**
 * Migration 005 lets users.role be 'staff'. On SQLite that rebuilds the users table; done with
 * foreign keys on, dropping the old table would cascade to every session, sign-in account, cart
 * entry and intent. This fills a database at 004, migrates, and checks that every row is still
 * there, that the foreign keys still hold and still cascade, and that the CHECK allows exactly the
 * three roles; then the same back down.
 */
let database: DatabaseHandle;
let drop: () => Promise<void>;
const now = new Date().toISOString();

beforeAll(async () => {
  const fresh = await freshDatabase();
  database = fresh.database;
  drop = fresh.dropDatabase;
  await migrateTo(database, '004-payments-revenue-index');
  const db = database.db;
  for (const [id, role] of [['u1', 'user'], ['u2', 'admin'], ['u3', 'user']] as const) {
    await db.insertInto('users').values({ id, name: id, email: `${id}@example.test`, email_verified: false, image: null, role, registered_at: null, created_at: now, updated_at: now }).execute();
    await db.insertInto('sessions').values({ id: `s-${id}`, user_id: id, token: `t-${id}`, expires_at: now, ip_address: null, user_agent: null, created_at: now, updated_at: now }).execute();
    await db.insertInto('accounts').values({ id: `a-${id}`, user_id: id, account_id: id, provider_id: 'credential', access_token: null, refresh_token: null, id_token: null, access_token_expires_at: null, refresh_token_expires_at: null, scope: null, password: 'hash', created_at: now, updated_at: now }).execute();
  }
  await db.insertInto('menu_items').values({ id: 'm1', name: 'Bowl', category: 'juice', price_cents: 500, new_price_cents: null, recipe: 'r', image: '/i', created_at: now }).execute();
  await db.insertInto('cart_items').values({ id: 'c1', user_id: 'u1', menu_item_id: 'm1', name: 'Bowl', price_cents: 500, image: '/i', created_at: now }).execute();
  await db
    .insertInto('payment_intents')
    .values({ id: 'pi_1', provider: 'sandbox', user_id: 'u1', amount_cents: 500, currency: 'usd', items: '[]', client_secret: 'x', status: 'succeeded', last_error: null, created_at: now, updated_at: now } as never)
    .execute();
});
afterAll(async () => {
  await database.db.destroy();
  await drop();
});

async function counts() {
  const db = database.db;
  const count = async (table: 'users' | 'sessions' | 'accounts' | 'cart_items' | 'payment_intents') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return {
    users: await count('users'),
    sessions: await count('sessions'),
    accounts: await count('accounts'),
    cart: await count('cart_items'),
    intents: await count('payment_intents'),
  };
}

async function setRole(id: string, role: string) {
  return database.db.updateTable('users').set({ role: role as 'user' }).where('id', '=', id).execute();
}

describe('migration 005: the staff role', () => {
  it('keeps every session, account, cart entry and intent, and allows exactly user, staff and admin', async () => {
    expect(await counts()).toEqual({ users: 3, sessions: 3, accounts: 3, cart: 1, intents: 1 });
    await expect(setRole('u1', 'staff')).rejects.toThrow();

    await migrateTo(database);
    expect(await counts()).toEqual({ users: 3, sessions: 3, accounts: 3, cart: 1, intents: 1 });
    const roles = await database.db.selectFrom('users').select(['id', 'role', 'email']).orderBy('id').execute();
    expect(roles).toEqual([
      { id: 'u1', role: 'user', email: 'u1@example.test' },
      { id: 'u2', role: 'admin', email: 'u2@example.test' },
      { id: 'u3', role: 'user', email: 'u3@example.test' },
    ]);
    await setRole('u1', 'staff');
    await expect(setRole('u1', 'boss')).rejects.toThrow();
    // The e-mail is still unique, and the foreign keys still point at the (new) users table.
    await expect(
      database.db.insertInto('users').values({ id: 'dup', name: 'd', email: 'u1@example.test', email_verified: false, image: null, role: 'user', registered_at: null, created_at: now, updated_at: now }).execute(),
    ).rejects.toThrow();
    await expect(
      database.db.insertInto('sessions').values({ id: 's-x', user_id: 'nobody', token: 't-x', expires_at: now, ip_address: null, user_agent: null, created_at: now, updated_at: now }).execute(),
    ).rejects.toThrow();
    await database.db.deleteFrom('users').where('id', '=', 'u3').execute();
    expect(await counts()).toEqual({ users: 2, sessions: 2, accounts: 2, cart: 1, intents: 1 });
  });

  it('goes back down: staff become customers, the old CHECK returns, the rest stays', async () => {
    await migrateTo(database, '004-payments-revenue-index');
    expect(await counts()).toEqual({ users: 2, sessions: 2, accounts: 2, cart: 1, intents: 1 });
    const u1 = await database.db.selectFrom('users').select('role').where('id', '=', 'u1').executeTakeFirstOrThrow();
    expect(u1.role).toBe('user');
    await expect(setRole('u1', 'staff')).rejects.toThrow();
    await migrateTo(database);
    await setRole('u1', 'staff');
  });
});
