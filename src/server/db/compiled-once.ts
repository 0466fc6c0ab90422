import { createQueryId, type Compilable, type Kysely, type QueryResult, type RootOperationNode, type Transaction } from 'kysely';
import { layerOn } from '../speed-layers.ts';
import type { Database } from './schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Builds and compiles a payment-path query once per shape of its arguments (decision 0035).
 * Shape = array lengths, row keys, arguments present or not: keep them few. `build` may only
 * place its arguments into the query, never inspect them (it sees placeholders; a value that is
 * not a parameter throws on first call), and must not make values of its own (such as the time
 * now), which would be compiled in for good. Runs still pass through the plugins and `db`'s transaction.
 */
export function compiledOnce<A extends unknown[], R>(build: (db: Db, ...args: A) => Compilable<R>): (db: Db, ...args: A) => Promise<QueryResult<R>> {
  if (!layerOn('compiled-statements')) return (db, ...args) => db.executeQuery(build(db, ...args));
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
