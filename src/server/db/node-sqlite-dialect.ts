import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { keptSqliteStatements } from './statements-made-once.ts';

/**
 * Kysely's own SqliteDialect speaks the better-sqlite3 interface; this adapts Node's built-in
 * node:sqlite to it, so the shop needs no native build.
 */
export function createNodeSqliteDialect(file: string, options: { opened?: (database: DatabaseSync) => void } = {}): SqliteDialect {
  return new SqliteDialect({
    database: async () => {
      const database = new DatabaseSync(file, { timeout: 5000 });
      database.exec('PRAGMA journal_mode = WAL');
      database.exec('PRAGMA synchronous = NORMAL');
      database.exec('PRAGMA foreign_keys = ON');
      options.opened?.(database);
      return adapt(database);
    },
  });
}

/** How often the shop looks for another process's commits to the SQLite file (decision 0040). */
export const OTHER_WRITERS_LOOK_MS = 100;

/**
 * Tells its listeners when another connection (another process: a command such as `npm run
 * admin:promote`, a test, an operator's sqlite3) committed to the database, by SQLite's own counter
 * (`PRAGMA data_version`, which this connection's own writes leave alone), looked at every
 * OTHER_WRITERS_LOOK_MS while anyone listens.
 */
export function watchOtherWriters(): {
  opened(database: DatabaseSync): void;
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

function adapt(database: DatabaseSync): SqliteDatabase {
  const prepare = keptSqliteStatements(database, (sql, statement) => adaptStatement(database, sql, statement));
  return {
    close: () => {
      database.close();
    },
    prepare,
  };
}

/** A statement being iterated (a stream) is its own, so two streams of the same SQL cannot share a cursor. */
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
