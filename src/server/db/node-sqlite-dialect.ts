import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { SqliteDialect, type Driver, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { layerOn } from '../speed-layers.ts';
import { GroupedCommitsDriver } from './grouped-commits.ts';

/**
 * Kysely's own SqliteDialect speaks the better-sqlite3 interface; this adapts Node's built-in
 * node:sqlite to it, so the shop needs no native build, and gives it the driver that commits the
 * writes of a turn together (grouped-commits.ts). `lost`: told when such a commit failed.
 */
export function createNodeSqliteDialect(file: string, options: { opened?: (database: DatabaseSync) => void; lost?: () => void } = {}): SqliteDialect {
  const open = async () => {
    const database = new DatabaseSync(file, { timeout: 5000 });
    database.exec('PRAGMA journal_mode = WAL');
    database.exec('PRAGMA synchronous = NORMAL');
    database.exec('PRAGMA foreign_keys = ON');
    options.opened?.(database);
    return { database, statements: adapt(database) };
  };
  if (!layerOn('grouped-commits')) return new SqliteDialect({ database: async () => (await open()).statements });
  return new (class extends SqliteDialect {
    override createDriver(): Driver {
      return new GroupedCommitsDriver(file, open, options.lost ?? (() => {}));
    }
  })({ database: () => Promise.reject(new Error('The grouped-commits driver opens the database itself')) });
}

/** How often the shop looks for another process's commits to the SQLite file (decision 0040). */
export const OTHER_WRITERS_LOOK_MS = 100;

/**
 * Tells its listeners when another connection (another process: a command such as `npm run
 * admin:promote`, a test, an operator's sqlite3) committed to the database, by SQLite's own counter
 * (`PRAGMA data_version`, which this connection's own writes leave alone), looked at every
 * OTHER_WRITERS_LOOK_MS while anyone listens; and when a grouped commit failed (`lost`), as the
 * database may then not hold what was read from it.
 */
export function watchOtherWriters(): {
  opened(database: DatabaseSync): void;
  lost(): void;
  onWrittenElsewhere(listener: () => void): () => void;
} {
  let statement: StatementSync | undefined;
  let version: unknown;
  let timer: NodeJS.Timeout | undefined;
  const listeners = new Set<() => void>();
  const tell = () => {
    for (const listener of listeners) listener();
  };
  const look = () => {
    if (!statement) return;
    let now: unknown;
    try {
      now = statement.get()?.data_version;
    } catch {
      // The database is closed (the app is stopping): nothing more to hear.
      statement = undefined;
      return;
    }
    if (now === version) return;
    version = now;
    tell();
  };
  return {
    opened(database) {
      statement = database.prepare('PRAGMA data_version');
      version = statement.get()?.data_version;
    },
    lost: () => queueMicrotask(tell),
    onWrittenElsewhere(listener) {
      listeners.add(listener);
      timer ??= setInterval(look, OTHER_WRITERS_LOOK_MS).unref();
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        clearInterval(timer);
        timer = undefined;
      };
    },
  };
}

/** How many prepared statements are kept, by their SQL (the oldest prepared goes first past it). */
const KEPT_STATEMENTS = 500;

/**
 * Each statement is prepared once and kept by its SQL: preparing one cost about three times what
 * running a small query does (docs/performance.md, issue 23), and Kysely asks for a new one on
 * every query. A statement being iterated (a stream) is its own, never a kept one, so two
 * streams of the same SQL cannot share a cursor.
 */
function adapt(database: DatabaseSync): SqliteDatabase {
  const keepsStatements = layerOn('kept-sqlite-statements');
  const kept = new Map<string, SqliteStatement>();
  return {
    close: () => {
      database.close();
    },
    prepare: (sql) => {
      if (!keepsStatements) return adaptStatement(database, sql, database.prepare(sql));
      let statement = kept.get(sql);
      if (statement === undefined) {
        statement = adaptStatement(database, sql, database.prepare(sql));
        if (kept.size >= KEPT_STATEMENTS) kept.delete(kept.keys().next().value!);
        kept.set(sql, statement);
      }
      return statement;
    },
  };
}

function adaptStatement(database: DatabaseSync, sql: string, statement: StatementSync): SqliteStatement {
  return {
    // A statement that yields columns returns rows (SELECT, or anything with RETURNING).
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...toSqlite(parameters)),
    run: (parameters) => statement.run(...toSqlite(parameters)),
    iterate: (parameters) => database.prepare(sql).iterate(...toSqlite(parameters)),
  };
}

/** node:sqlite binds only null, numbers, bigints, strings and bytes. */
function toSqlite(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map((value) => {
    if (value === undefined) return null;
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (value instanceof Date) return value.toISOString();
    return value as SQLInputValue;
  });
}
