import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

/**
 * Kysely's own SqliteDialect speaks the better-sqlite3 interface; this adapts Node's built-in
 * node:sqlite to it, so the shop needs no native build.
 */
export function createNodeSqliteDialect(file: string): SqliteDialect {
  return new SqliteDialect({
    database: async () => {
      const database = new DatabaseSync(file, { timeout: 5000 });
      database.exec('PRAGMA journal_mode = WAL');
      database.exec('PRAGMA synchronous = NORMAL');
      database.exec('PRAGMA foreign_keys = ON');
      return adapt(database);
    },
  });
}

function adapt(database: DatabaseSync): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare: (sql) => adaptStatement(database.prepare(sql)),
  };
}

function adaptStatement(statement: StatementSync): SqliteStatement {
  return {
    // A statement that yields columns returns rows (SELECT, or anything with RETURNING).
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...toSqlite(parameters)),
    run: (parameters) => statement.run(...toSqlite(parameters)),
    iterate: (parameters) => statement.iterate(...toSqlite(parameters)),
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
