import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { SqliteDialect, type Driver, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { GroupedCommitsDriver } from './grouped-commits.ts';

/**
 * Kysely's own SqliteDialect speaks the better-sqlite3 interface; this adapts Node's built-in
 * node:sqlite to it, so the shop needs no native build, and gives it the driver that commits the
 * writes of a turn together (grouped-commits.ts). `lost`: told when such a commit failed.
 */
export function createNodeSqliteDialect(file: string, options: { opened?: (database: DatabaseSync) => () => void; lost?: () => void } = {}): SqliteDialect {
  const open = async () => {
    const database = new DatabaseSync(file, { timeout: 5000 });
    database.exec('PRAGMA journal_mode = WAL');
    database.exec('PRAGMA synchronous = NORMAL');
    database.exec('PRAGMA foreign_keys = ON');
    const closing = options.opened?.(database);
    return { database, statements: adapt(database, closing) };
  };
  return new (class extends SqliteDialect {
    override createDriver(): Driver {
      return new GroupedCommitsDriver(file, open, options.lost ?? (() => {}));
    }
  })({ database: () => Promise.reject(new Error('The grouped-commits driver opens the database itself')) });
}

/**
 * Whether another connection (another process: a command such as `npm run admin:promote`, a
 * test, an operator's sqlite3) committed to the database since the last look, by SQLite's own
 * counter (`PRAGMA data_version`, which this connection's own writes leave alone; a look costs a
 * few microseconds).
 *
 * `perTurn`, for the public reads answered before Fastify (about twenty microseconds each): at most
 * one look per turn of the event loop, and only while the write-ahead log was written in the last
 * `WAL_QUIET_MS` (any commit, ours or another connection's, writes it; the operating system tells
 * of it through fs.watch). A look every turn was a tenth of those reads' time (docs/performance.md,
 * issue 23 part 1). The window, rather than one look per notice, because the notice can come
 * between the other connection's last write to the log and its commit becoming visible.
 */
export function watchOtherWriters(file: string): {
  opened(database: DatabaseSync): () => void;
  writtenElsewhere(perTurn?: boolean): boolean;
  /** The database may not hold what was read from it (a grouped commit failed): the next look says so. */
  readAgain(): void;
} {
  let statement: StatementSync | undefined;
  let version: unknown;
  let readAgain = false;
  let lookedThisTurn = false;
  // Whether the log was written lately; without a watcher (fs.watch refused), always.
  let logWrittenLately = true;
  const look = (): boolean => {
    if (!statement) return false;
    let now: unknown;
    try {
      now = statement.get()?.data_version;
    } catch {
      // The database is closed (the app is stopping): nothing more to hear.
      statement = undefined;
      return false;
    }
    const changed = now !== version || readAgain;
    version = now;
    readAgain = false;
    return changed;
  };
  const watchLog = (): (() => void) => {
    const log = `${path.basename(file)}-wal`;
    // Pushed back at each change of the log: no clock read per turn.
    const quiet = setTimeout(() => (logWrittenLately = false), WAL_QUIET_MS).unref();
    try {
      const watcher = fs.watch(path.dirname(file), { persistent: false }, (_event, name) => {
        if (name !== log && name !== null) return;
        logWrittenLately = true;
        quiet.refresh();
      });
      watcher.on('error', () => {
        clearTimeout(quiet);
        logWrittenLately = true;
      });
      return () => {
        clearTimeout(quiet);
        watcher.close();
      };
    } catch {
      clearTimeout(quiet);
      return () => {};
    }
  };
  return {
    opened(database) {
      statement = database.prepare('PRAGMA data_version');
      version = statement.get()?.data_version;
      return watchLog();
    },
    writtenElsewhere(perTurn = false) {
      if (perTurn) {
        if (lookedThisTurn || !(logWrittenLately || readAgain)) return false;
        lookedThisTurn = true;
        setImmediate(() => (lookedThisTurn = false));
      }
      return look();
    },
    readAgain() {
      readAgain = true;
    },
  };
}

/**
 * How long after the write-ahead log was last written the per-turn looks go on: far longer than
 * a commit takes between its last write to the log and its index's update in shared memory.
 */
const WAL_QUIET_MS = 1000;

/** How many prepared statements are kept, by their SQL (the oldest prepared goes first past it). */
const KEPT_STATEMENTS = 500;

/**
 * Each statement is prepared once and kept by its SQL: preparing one cost about three times what
 * running a small query does (docs/performance.md, issue 23), and Kysely asks for a new one on
 * every query. A statement being iterated (a stream) is its own, never a kept one, so two
 * streams of the same SQL cannot share a cursor.
 */
function adapt(database: DatabaseSync, closing?: () => void): SqliteDatabase {
  const kept = new Map<string, SqliteStatement>();
  return {
    close: () => {
      closing?.();
      database.close();
    },
    prepare: (sql) => {
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
