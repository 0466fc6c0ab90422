import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '../src/server/db/statements-made-once.ts';
import type { DatabaseHandle } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import type { WriteTopic } from '../src/server/db/watched-writes.ts';
import { freshDatabase } from './helpers/test-app.ts';

/**
 * Queries compiled once and run with each call's values (src/server/db/statements-made-once.ts), on the
 * suite's engine (SQLite, or PostgreSQL under `npm run test:pg`): they answer what the same query
 * built each time answers, compile once per shape of their arguments, and are seen by the
 * database's plugins like any other statement.
 */
let database: DatabaseHandle;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  ({ database, dropDatabase } = await freshDatabase());
  await migrateToLatest(database);
  const now = new Date().toISOString();
  for (const id of ['u1', 'u2']) {
    await database.db
      .insertInto('users')
      .values({ id, name: id, email: `${id}@example.com`, email_verified: false, image: null, role: 'user', registered_at: now, created_at: now, updated_at: now })
      .execute();
  }
});
afterAll(async () => {
  await database?.db.destroy();
  await dropDatabase?.();
});

type Removal = { id: string; user_id: string; name: string; created_at: string };
const removal = (id: string, userId: string, name: string): Removal => ({ id, user_id: userId, name, created_at: `2026-11-26T10:00:0${id.length}Z` });

describe('compiledOnce', () => {
  it('binds each call’s values: rows inserted, found, updated and deleted as the query built each time would', async () => {
    const insert = compiledOnce((db, row: Removal) => db.insertInto('cart_removals').values(row));
    const namesOf = compiledOnce((db, userId: string) => db.selectFrom('cart_removals').select(['id', 'name']).where('user_id', '=', userId).orderBy('id'));
    const rename = compiledOnce((db, id: string, name: string) => db.updateTable('cart_removals').set({ name }).where('id', '=', id));
    const remove = compiledOnce((db, userId: string, ids: string[]) => db.deleteFrom('cart_removals').where('user_id', '=', userId).where('id', 'in', ids));

    await insert(database.db, removal('a', 'u1', 'Mango tart'));
    await insert(database.db, removal('b', 'u1', 'Kale chips'));
    await insert(database.db, removal('c', 'u2', 'Nori rolls'));
    expect((await namesOf(database.db, 'u1')).rows).toEqual([
      { id: 'a', name: 'Mango tart' },
      { id: 'b', name: 'Kale chips' },
    ]);
    expect((await namesOf(database.db, 'u2')).rows).toEqual([{ id: 'c', name: 'Nori rolls' }]);
    // The same answer as the query built and compiled for this call alone.
    expect((await namesOf(database.db, 'u1')).rows).toEqual(await database.db.selectFrom('cart_removals').select(['id', 'name']).where('user_id', '=', 'u1').orderBy('id').execute());

    expect((await rename(database.db, 'b', 'Kale crisps')).numAffectedRows).toBe(1n);
    expect((await rename(database.db, 'nobody', 'x')).numAffectedRows).toBe(0n);
    // Another customer's id deletes nothing; two ids, then one: each length its own statement.
    expect((await remove(database.db, 'u2', ['a', 'b'])).numAffectedRows).toBe(0n);
    expect((await remove(database.db, 'u1', ['a', 'b'])).numAffectedRows).toBe(2n);
    expect((await remove(database.db, 'u2', ['c'])).numAffectedRows).toBe(1n);
    expect((await namesOf(database.db, 'u1')).rows).toEqual([]);
  });

  it('builds once per shape of the arguments: values alike share it, another length or a missing argument is built anew', async () => {
    let built = 0;
    const find = compiledOnce((db, ids: string[], userId?: string) => {
      built++;
      let query = db.selectFrom('cart_removals').select('id').where('id', 'in', ids).orderBy('id');
      if (userId !== undefined) query = query.where('user_id', '=', userId);
      return query;
    });
    await database.db.insertInto('cart_removals').values([removal('d', 'u1', 'x'), removal('e', 'u1', 'y'), removal('f', 'u2', 'z')]).execute();

    expect((await find(database.db, ['d', 'f'])).rows).toEqual([{ id: 'd' }, { id: 'f' }]);
    expect((await find(database.db, ['e', 'f'])).rows).toEqual([{ id: 'e' }, { id: 'f' }]);
    expect(built).toBe(1);
    expect((await find(database.db, ['d', 'e', 'f'])).rows).toHaveLength(3);
    expect(built).toBe(2);
    expect((await find(database.db, ['d', 'e', 'f'], 'u2')).rows).toEqual([{ id: 'f' }]);
    expect((await find(database.db, ['d', 'e', 'f'], 'u1')).rows).toEqual([{ id: 'd' }, { id: 'e' }]);
    expect(built).toBe(3);
  });

  it('tells the watched writes of each run, with the customer it ran for', async () => {
    const heard: Array<[WriteTopic, string | undefined]> = [];
    const stop = database.watchedWrites.onWrite((topic, customer) => heard.push([topic, customer]));
    const deleteEntry = compiledOnce((db, id: string, userId: string) => db.deleteFrom('cart_items').where('id', '=', id).where('user_id', '=', userId));
    const entry = { id: 'entry-1', user_id: 'u1', menu_item_id: 'dish-1', name: 'Mango tart', price_cents: 100, image: '', created_at: 'now' };
    try {
      await database.db.insertInto('menu_items').values({ id: 'dish-1', name: 'Mango tart', category: 'dessert', price_cents: 100, new_price_cents: null, recipe: '', image: '', created_at: 'now' }).execute();
      await database.db.insertInto('cart_items').values(entry).execute();
      heard.length = 0;
      await database.watchedWrites.customerWrites('u1', () => deleteEntry(database.db, 'entry-1', 'u1'));
      expect(heard).toEqual([['answers', 'u1']]);
      // A delete that matched nothing changed nothing: nobody is told.
      await deleteEntry(database.db, 'entry-1', 'u1');
      expect(heard).toEqual([['answers', 'u1']]);
      // Outside a customer's scope: anyone's answers may be stale.
      await database.db.insertInto('cart_items').values(entry).execute();
      heard.length = 0;
      await deleteEntry(database.db, 'entry-1', 'u1');
      expect(heard).toEqual([['answers', undefined]]);
    } finally {
      stop();
    }
  });

  it('runs in the transaction it is given: rolled back with it', async () => {
    const insert = compiledOnce((db, row: Removal) => db.insertInto('cart_removals').values(row));
    await expect(
      database.db.transaction().execute(async (trx) => {
        await insert(trx, removal('g', 'u1', 'Rolled back'));
        expect(await trx.selectFrom('cart_removals').select('id').where('id', '=', 'g').executeTakeFirst()).toEqual({ id: 'g' });
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await database.db.selectFrom('cart_removals').select('id').where('id', '=', 'g').executeTakeFirst()).toBeUndefined();
  });

  it('refuses, at its first call, a build that looks at a value instead of placing it', async () => {
    const wrong = compiledOnce((db, names: string[]) => db.selectFrom('cart_removals').select('id').where('name', '=', JSON.stringify(names[0])));
    await expect(wrong(database.db, ['Mango tart'])).rejects.toThrow(/not parameters of the query/);
  });
});
