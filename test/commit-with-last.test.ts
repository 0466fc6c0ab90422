import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commitWithLast } from '../src/server/db/commit-with-last.ts';
import type { DatabaseHandle } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { freshDatabase } from './helpers/test-app.ts';

/**
 * A transaction whose last statement goes with its COMMIT (src/server/db/commit-with-last.ts), on
 * the suite's engine (SQLite, or PostgreSQL under `npm run test:pg`): the last statement's answer
 * comes back and all is kept; a last statement that fails keeps nothing; on PostgreSQL the COMMIT
 * is sent before the last statement's answer is read.
 */
let database: DatabaseHandle;
let dropDatabase: () => Promise<void>;
const restore: Array<() => void> = [];

beforeAll(async () => {
  ({ database, dropDatabase } = await freshDatabase());
  await migrateToLatest(database);
});
afterEach(() => {
  for (const undo of restore.splice(0)) undo();
});
afterAll(async () => {
  await database?.db.destroy();
  await dropDatabase?.();
});

const insertLimit = (db: DatabaseHandle['db'], key: string) => db.insertInto('rate_limits').values({ key, count: 1, reset_at_ms: 0 }).returning('key').executeTakeFirstOrThrow();
const keys = async (prefix: string) => (await database.db.selectFrom('rate_limits').select('key').where('key', 'like', `${prefix}%`).orderBy('key').execute()).map((row) => row.key);

describe('commitWithLast', () => {
  it('keeps the work and the last statement, and answers both', async () => {
    const outcome = await commitWithLast(database.db, async (trx) => {
      await insertLimit(trx, 'kept-1');
      return { value: 'work done', last: () => insertLimit(trx, 'kept-2') };
    });
    expect(outcome).toEqual({ value: 'work done', last: { key: 'kept-2' } });
    expect(await keys('kept-')).toEqual(['kept-1', 'kept-2']);
  });

  it('without a last statement commits the work alone', async () => {
    const outcome = await commitWithLast(database.db, async (trx) => {
      await insertLimit(trx, 'alone-1');
      return { value: 1 };
    });
    expect(outcome).toEqual({ value: 1 });
    expect(await keys('alone-')).toEqual(['alone-1']);
  });

  it('keeps nothing when the last statement fails, and throws its error', async () => {
    await insertLimit(database.db, 'taken');
    await expect(
      commitWithLast(database.db, async (trx) => {
        await insertLimit(trx, 'lost-1');
        return { value: 'work done', last: () => insertLimit(trx, 'taken') };
      }),
    ).rejects.toThrow(/unique|UNIQUE/);
    expect(await keys('lost-')).toEqual([]);
    // The connection is whole afterwards: the next transaction commits.
    await commitWithLast(database.db, async (trx) => ({ value: await insertLimit(trx, 'after-1') }));
    expect(await keys('after-')).toEqual(['after-1']);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL sends the COMMIT before the last statement is answered', async () => {
    const seen: string[] = [];
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0];
      const text = /^\s*(\w+)/.exec(typeof first === 'string' ? first : String((first as { text?: string }).text ?? ''))![1]!.toLowerCase();
      seen.push(`sent ${text}`);
      const answer = (original as (...a: unknown[]) => unknown).apply(this, args);
      if (answer instanceof Promise) void answer.then(() => seen.push(`answered ${text}`), () => undefined);
      return answer;
    } as typeof original;
    restore.push(() => (pg.Client.prototype.query = original));
    await commitWithLast(database.db, async (trx) => ({ value: null, last: () => insertLimit(trx, 'order-1') }));
    // Sent one after the other, and the COMMIT already on its way when the insert's answer came:
    // on the wire too, as the pool's connections do not wait for an answer before the next.
    const client = await database.pool!.connect();
    expect(client.pipeline).toBe(true);
    client.release();
    expect(seen.filter((line) => line.startsWith('sent'))).toEqual(['sent begin', 'sent insert', 'sent commit']);
    expect(seen.indexOf('sent commit')).toBeLessThan(seen.indexOf('answered insert'));
  });
});
