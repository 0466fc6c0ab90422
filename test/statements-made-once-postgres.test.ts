import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparingPool } from '../src/server/db/statements-made-once.ts';
import { createPostgresDatabase } from './helpers/test-app.ts';

/**
 * PostgreSQL's statements prepared once per connection (`preparingPool` in src/server/db/statements-made-once.ts):
 * a statement with parameters is parsed and planned once on each connection and run again from
 * there, with each call's values; one without parameters (a script of several) goes as before;
 * past the cap of texts, statements run unprepared. PostgreSQL lists a connection's prepared
 * statements in `pg_prepared_statements`, read here on the same connection (a transaction).
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('prepared statements on PostgreSQL', () => {
  let drop: () => Promise<void>;
  let url: string;
  beforeAll(async () => {
    ({ url, drop } = await createPostgresDatabase(serverUrl!));
  });
  afterAll(async () => drop?.());

  interface Tables {
    dishes: { id: number; name: string };
  }
  async function withDb(mostTexts: number, work: (db: Kysely<Tables>) => Promise<void>): Promise<void> {
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: preparingPool(new pg.Pool({ connectionString: url, max: 2 }), mostTexts) }) });
    try {
      await work(db);
    } finally {
      await db.destroy();
    }
  }
  const preparedTexts = async (db: Kysely<Tables>) =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements order by prepare_time`.execute(db)).rows.map((row) => row.statement);

  it('prepares a statement with parameters once per connection and answers each call with its own values', async () => {
    await withDb(500, async (db) => {
      // A script of two statements, without parameters: the simple protocol, as before.
      await sql`create table dishes (id int primary key, name text not null); insert into dishes values (1, 'Kale chips'), (2, 'Mango tart')`.execute(db);
      await db.transaction().execute(async (trx) => {
        const nameOf = (id: number) => trx.selectFrom('dishes').select('name').where('id', '=', id).executeTakeFirst();
        expect(await nameOf(1)).toEqual({ name: 'Kale chips' });
        expect(await nameOf(2)).toEqual({ name: 'Mango tart' });
        expect(await nameOf(3)).toBeUndefined();
        const texts = await preparedTexts(trx);
        // Once, though run three times: the later calls ran the prepared statement.
        expect(texts).toEqual(['select "name" from "dishes" where "id" = $1']);
      });
      await db.insertInto('dishes').values({ id: 3, name: 'Nori rolls' }).execute();
      expect(await db.selectFrom('dishes').select('name').where('id', '=', 3).executeTakeFirst()).toEqual({ name: 'Nori rolls' });
    });
  });

  it('past the cap of texts, runs a statement unprepared, with the same answer', async () => {
    await withDb(1, async (db) => {
      await db.transaction().execute(async (trx) => {
        expect(await trx.selectFrom('dishes').select('name').where('id', '=', 1).executeTakeFirst()).toEqual({ name: 'Kale chips' });
        expect(await trx.selectFrom('dishes').select('id').where('name', '=', 'Mango tart').executeTakeFirst()).toEqual({ id: 2 });
        expect(await preparedTexts(trx)).toEqual(['select "name" from "dishes" where "id" = $1']);
      });
    });
  });
});
