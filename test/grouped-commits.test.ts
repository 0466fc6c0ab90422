import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeSqliteDialect } from '../src/server/db/node-sqlite-dialect.ts';

/**
 * SQLite's writes of one turn committed together (src/server/db/grouped-commits.ts, decision
 * 0034), on a real database file, seen from a second connection as another process sees it.
 */
interface Tables {
  notes: { id: number; text: string };
  parents: { id: number };
  children: { id: number; parent_id: number };
}

let dir: string;
let file: string;
let db: Kysely<Tables>;
let other: DatabaseSync;
let lost: number;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grouped-commits-'));
  file = path.join(dir, 'shop.sqlite');
  lost = 0;
  db = new Kysely<Tables>({ dialect: createNodeSqliteDialect(file, { lost: () => lost++ }) });
  await sql`create table notes (id integer primary key, text text not null)`.execute(db);
  await sql`create table parents (id integer primary key)`.execute(db);
  // Checked at COMMIT, not at the INSERT: the way to make a group's COMMIT itself fail.
  await sql`create table children (id integer primary key, parent_id integer not null references parents (id) deferrable initially deferred)`.execute(db);
  other = new DatabaseSync(file);
});

afterEach(async () => {
  other.close();
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const seenElsewhere = () => other.prepare('select id from notes order by id').all().map((row) => Number(row.id));
const note = (id: number) => db.insertInto('notes').values({ id, text: `note ${id}` }).execute();
/** Frames in the write-ahead log: each COMMIT writes every page it changed once more. */
const framesInLog = () => Number((other.prepare('pragma wal_checkpoint(passive)').get() as { log: number }).log);

describe('SQLite writes of one turn, committed together', () => {
  it('writes each page of the turn once, and answers each writer only once its write is committed', async () => {
    other.exec('pragma wal_checkpoint(truncate)');
    const seenWhenAnswered: number[][] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? note(i + 1) : db.transaction().execute((trx) => trx.insertInto('notes').values({ id: i + 1, text: 'in a transaction' }).execute())).then(() => {
          seenWhenAnswered.push(seenElsewhere());
        }),
      ),
    );
    const all = Array.from({ length: 20 }, (_, i) => i + 1);
    // Every writer, when answered, finds its note (and all the others: one COMMIT) in another connection.
    expect(seenWhenAnswered).toEqual(Array.from({ length: 20 }, () => all));
    // Twenty commits of their own would have written the table's one page twenty times.
    expect(framesInLog()).toBeLessThanOrEqual(3);
  });

  it('rolls back a failing transaction alone: the other writes of its turn are committed', async () => {
    const [failed, committed, alone] = await Promise.allSettled([
      db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ id: 1, text: 'rolled back' }).execute();
        throw new Error('the unit fails');
      }),
      db.transaction().execute((trx) => trx.insertInto('notes').values({ id: 2, text: 'kept' }).execute()),
      note(3),
    ]);
    expect(failed).toMatchObject({ status: 'rejected', reason: { message: 'the unit fails' } });
    expect([committed!.status, alone!.status]).toEqual(['fulfilled', 'fulfilled']);
    expect(seenElsewhere()).toEqual([2, 3]);
    // A constraint's failure inside a transaction, after another transaction of the turn wrote: the same.
    const [duplicate, fine] = await Promise.allSettled([
      note(4),
      db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ id: 5, text: 'rolled back' }).execute();
        await trx.insertInto('notes').values({ id: 2, text: 'a duplicate key' }).execute();
      }),
    ]).then((results) => [results[1], results[0]]);
    expect(duplicate).toMatchObject({ status: 'rejected', reason: { message: expect.stringContaining('UNIQUE') } });
    expect(fine!.status).toBe('fulfilled');
    expect(seenElsewhere()).toEqual([2, 3, 4]);
    expect(lost).toBe(0);
  });

  it('tells every writer of a group whose COMMIT failed, keeps none of their writes, and says the data must be read again', async () => {
    const results = await Promise.allSettled([
      note(1),
      db.transaction().execute((trx) => trx.insertInto('notes').values({ id: 2, text: 'in the same group' }).execute()),
      // Its parent never exists: the deferred foreign key fails the COMMIT.
      db.insertInto('children').values({ id: 1, parent_id: 99 }).execute(),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const result of results) expect((result as PromiseRejectedResult).reason.message).toContain('FOREIGN KEY');
    expect(seenElsewhere()).toEqual([]);
    expect(lost).toBe(1);
    // The next turn's writes are a group of their own.
    await note(3);
    expect(seenElsewhere()).toEqual([3]);
  });

  it('runs a statement that is neither a read nor a write (a pragma) outside any transaction, the turn before it committed', async () => {
    const written = note(1);
    await sql`pragma foreign_keys = off`.execute(db);
    // Inside a transaction SQLite ignores this pragma: it took effect, so the group was committed first.
    expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows[0]!.foreign_keys).toBe(0);
    expect(seenElsewhere()).toEqual([1]);
    await written;
  });

  it('lets two shops of one process write to one file in turns, neither waiting on SQLite’s lock', async () => {
    const second = new Kysely<Tables>({ dialect: createNodeSqliteDialect(file) });
    try {
      const started = performance.now();
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => {
          const shop = i % 2 ? second : db;
          return i % 3 ? shop.insertInto('notes').values({ id: i + 1, text: 'plain' }).execute() : shop.transaction().execute((trx) => trx.insertInto('notes').values({ id: i + 1, text: 'in a transaction' }).execute());
        }),
      );
      // SQLite's busy timeout is 5 s: a connection that waited for the other's lock would take that long.
      expect(performance.now() - started).toBeLessThan(1000);
      expect(seenElsewhere()).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    } finally {
      await second.destroy();
    }
  });

  it('commits an open group when the database is closed', async () => {
    const written = note(1);
    await db.destroy();
    await written;
    expect(seenElsewhere()).toEqual([1]);
    db = new Kysely<Tables>({ dialect: createNodeSqliteDialect(file) });
  });
});
