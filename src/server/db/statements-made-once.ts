import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { createQueryId, type Compilable, type Kysely, type PostgresPool, type PostgresPoolClient, type QueryResult, type RootOperationNode, type SqliteStatement, type Transaction } from 'kysely';
import type pg from 'pg';
import { layerOn } from '../speed-layers.ts';
import type { Database } from './schema.ts';

/**
 * The speed layer `statements-made-once` (decision 0043): a statement's SQL is compiled once by
 * Kysely (`compiledOnce`, the payment's queries) and prepared once by the database (`keptSqliteStatements`,
 * `preparingPool`), instead of on every call. The two halves are one layer, measured together.
 */
const ON = layerOn('statements-made-once');

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Builds and compiles a payment-path query once per shape of its arguments (decision 0035).
 * Shape = array lengths, row keys, arguments present or not: keep them few. `build` may only
 * place its arguments into the query, never inspect them (it sees placeholders; a value that is
 * not a parameter throws on first call), and must not make values of its own (such as the time
 * now), which would be compiled in for good. Runs still pass through the plugins and `db`'s transaction.
 */
export function compiledOnce<A extends unknown[], R>(build: (db: Db, ...args: A) => Compilable<R>): (db: Db, ...args: A) => Promise<QueryResult<R>> {
  if (!ON) return (db, ...args) => db.executeQuery(build(db, ...args));
  // Compiled per dialect: the same query is other SQL on SQLite and on PostgreSQL.
  const byDialect = new WeakMap<object, Map<string, Compiled>>();
  return async (db, ...args) => {
    const executor = db.getExecutor();
    let shapes = byDialect.get(executor.adapter);
    if (!shapes) byDialect.set(executor.adapter, (shapes = new Map()));
    const values: unknown[] = [];
    const shape = shapeOf(args, values);
    let compiled = shapes.get(shape);
    if (!compiled) shapes.set(shape, (compiled = compile(db, build, args)));
    const queryId = createQueryId();
    executor.transformQuery(compiled.query, queryId);
    const parameters = compiled.parameters.map((parameter) => (parameter instanceof Slot ? values[parameter.index] : parameter));
    return await executor.executeQuery<R>({ query: compiled.query, queryId, sql: compiled.sql, parameters });
  };
}

/** Where the `index`th value of the arguments (in the order `shapeOf` meets them) goes. */
class Slot {
  readonly index: number;
  constructor(index: number) {
    this.index = index;
  }
}

interface Compiled {
  query: RootOperationNode;
  sql: string;
  /** Each parameter of the SQL: a slot for an argument's value, or a value `build` itself put in. */
  parameters: unknown[];
}

function compile<A extends unknown[], R>(db: Db, build: (db: Db, ...args: A) => Compilable<R>, args: A): Compiled {
  let next = 0;
  const placeholders = standIns(args, () => new Slot(next++)) as A;
  const { query, sql, parameters } = build(db, ...placeholders).compile();
  const placed = new Set(parameters.filter((parameter) => parameter instanceof Slot).map((slot) => slot.index));
  // A value that is no parameter was left out, looked at or changed by `build`: its SQL would not fit other values.
  if (placed.size !== next) throw new Error(`compiledOnce: ${next - placed.size} of the arguments' values are not parameters of the query; build may only place them`);
  return { query, sql, parameters: [...parameters] };
}

const isRow = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/** The arguments' shape as a key, and their values in order into `values`. */
function shapeOf(value: unknown, values: unknown[]): string {
  if (value === undefined) return 'u';
  if (Array.isArray(value)) {
    let shape = '[';
    for (const item of value) shape += `${shapeOf(item, values)},`;
    return `${shape}]`;
  }
  if (isRow(value)) {
    let shape = '{';
    for (const key in value) shape += `${key}:${shapeOf(value[key], values)},`;
    return `${shape}}`;
  }
  values.push(value);
  return 'v';
}

/** The arguments with a placeholder for each value, in the order `shapeOf` meets them. */
function standIns(value: unknown, slot: () => Slot): unknown {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.map((item) => standIns(item, slot));
  if (isRow(value)) {
    const row: Record<string, unknown> = {};
    for (const key in value) row[key] = standIns(value[key], slot);
    return row;
  }
  return slot();
}

/** How many prepared SQLite statements are kept, by their SQL (the oldest prepared goes first past it). */
const KEPT_STATEMENTS = 500;

/**
 * SQLite: each statement prepared once and kept by its SQL, where Kysely asks for a new one on
 * every query; preparing cost about three times what running a small query does.
 * `adapt` turns node:sqlite's statement into the one Kysely speaks.
 */
export function keptSqliteStatements(database: DatabaseSync, adapt: (sql: string, statement: StatementSync) => SqliteStatement): (sql: string) => SqliteStatement {
  if (!ON) return (sql) => adapt(sql, database.prepare(sql));
  const kept = new Map<string, SqliteStatement>();
  return (sql) => {
    let statement = kept.get(sql);
    if (statement === undefined) {
      statement = adapt(sql, database.prepare(sql));
      if (kept.size >= KEPT_STATEMENTS) kept.delete(kept.keys().next().value!);
      kept.set(sql, statement);
    }
    return statement;
  };
}


/**
 * Cap on distinct prepared texts per process: a text made per call (an `in (…)` list of any
 * length) would otherwise fill each connection with plans never reused; past it, texts run unprepared.
 */
export const MOST_PREPARED_TEXTS = 500;

/**
 * Kysely's PostgreSQL pool with every statement that has parameters prepared once per connection
 * (a named node-postgres statement), so PostgreSQL parses and plans it once, not per call.
 * Parameterless statements (BEGIN, COMMIT, multi-statement migration scripts) go unprepared: the
 * simple protocol they use cannot be prepared.
 */
export function preparingPool(pool: pg.Pool, mostTexts = MOST_PREPARED_TEXTS): PostgresPool {
  if (!ON) return pool;
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < mostTexts) {
      name = `shop_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
  // One wrapper for each of the pool's clients: Kysely keeps its connection object by client.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    // A string with its parameters, or a cursor (Kysely's streaming), which goes as it came.
    query: ((text: string, values?: unknown[]) => {
      const name = values !== undefined && values.length > 0 ? nameOf(text) : undefined;
      return name === undefined ? client.query(text, values) : client.query({ name, text, values });
    }) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (wrapper === undefined) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    end: () => pool.end(),
  };
}
