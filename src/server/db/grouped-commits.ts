import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import {
  CompiledQuery,
  DeleteQueryNode,
  InsertQueryNode,
  SelectQueryNode,
  UpdateQueryNode,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
} from 'kysely';

/**
 * SQLite driver that commits all writes of one event-loop turn in one transaction (decision
 * 0034): payments in the same moment share pages, so one COMMIT writes them once. Each shop
 * transaction is a savepoint (its failure rolls back only its writes), and no caller is answered
 * before the shared COMMIT. If that COMMIT fails, every writer of the group gets the error and
 * `lost` is called, since reads in the meantime saw the lost writes.
 */
export class GroupedCommitsDriver implements Driver {
  private readonly file: string;
  private readonly open: () => Promise<{ database: DatabaseSync; statements: SqliteDatabase }>;
  private readonly lost: () => void;
  private readonly mutex = new Mutex();
  private statements?: SqliteDatabase;
  private connection?: GroupedConnection;

  constructor(file: string, open: () => Promise<{ database: DatabaseSync; statements: SqliteDatabase }>, lost: () => void) {
    this.file = file;
    this.open = open;
    this.lost = lost;
  }

  async init(): Promise<void> {
    const { database, statements } = await this.open();
    this.statements = statements;
    this.connection = new GroupedConnection(database, statements, this.mutex, writerOf(this.file), this.lost);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.mutex.lock();
    return this.connection!;
  }

  async beginTransaction(): Promise<void> {
    await this.connection!.beginUnit();
  }

  async commitTransaction(): Promise<void> {
    this.connection!.commitUnit();
  }

  async rollbackTransaction(): Promise<void> {
    this.connection!.rollbackUnit();
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoted(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoted(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoted(name)}`));
  }

  /** The holder's writes, if it made any in a group, are answered once that group is committed. */
  async releaseConnection(): Promise<void> {
    const group = this.connection!.takeJoinedGroup();
    this.mutex.unlock();
    if (group) await group.done;
  }

  async destroy(): Promise<void> {
    if (!this.statements) return;
    await this.mutex.lock();
    try {
      this.connection!.commitGroup();
    } finally {
      this.statements.close();
      this.mutex.unlock();
    }
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The savepoint that holds one transaction of the shop's inside the group. */
const UNIT = 'shop_unit';

interface Group {
  /** Settles when the group's COMMIT was made (or failed: then with its error). */
  done: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

function newGroup(): Group {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const done = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A group whose writers were all rolled back has nobody awaiting it.
  done.catch(() => {});
  return { done, resolve, reject };
}

/** Writes that may wait for the group: every other statement outside a transaction runs on its own. */
const joinsGroup = (query: CompiledQuery['query'] | undefined) =>
  query !== undefined && (InsertQueryNode.is(query) || UpdateQueryNode.is(query) || DeleteQueryNode.is(query));

class GroupedConnection implements DatabaseConnection {
  private readonly database: DatabaseSync;
  private readonly statements: SqliteDatabase;
  private readonly mutex: Mutex;
  private readonly writer: Mutex;
  private readonly lost: () => void;
  /** The open group, if any: BEGIN was run, COMMIT not yet (and `writer` is held). */
  private group?: Group;
  /** Whether the holder is inside one of its transactions (a savepoint of the group). */
  private inUnit = false;
  /** The group the holder wrote in, which it waits for when it lets the connection go. */
  private joined?: Group;
  /** `joined` as it was when the holder's transaction began, for a rollback to restore. */
  private joinedBeforeUnit?: Group;

  constructor(database: DatabaseSync, statements: SqliteDatabase, mutex: Mutex, writer: Mutex, lost: () => void) {
    this.database = database;
    this.statements = statements;
    this.mutex = mutex;
    this.writer = writer;
    this.lost = lost;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inUnit || SelectQueryNode.is(compiledQuery.query)) return this.runInGroup(compiledQuery);
    if (joinsGroup(compiledQuery.query)) {
      await this.joinGroup();
      return this.runInGroup(compiledQuery);
    }
    // A pragma, a schema change or a raw statement must run outside any transaction.
    this.commitGroup();
    await this.writer.lock();
    try {
      return this.run(compiledQuery);
    } finally {
      this.writer.unlock();
    }
  }

  private runInGroup<R>(compiledQuery: CompiledQuery): QueryResult<R> {
    try {
      return this.run<R>(compiledQuery);
    } catch (error) {
      this.noticeLostGroup(error);
      throw error;
    }
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) throw new Error('Sqlite driver only supports streaming of select queries');
    for (const row of this.statements.prepare(compiledQuery.sql).iterate(compiledQuery.parameters)) yield { rows: [row as R] };
  }

  async beginUnit(): Promise<void> {
    this.joinedBeforeUnit = this.joined;
    await this.joinGroup();
    this.exec(`savepoint ${UNIT}`);
    this.inUnit = true;
  }

  commitUnit(): void {
    this.inUnit = false;
    this.exec(`release ${UNIT}`);
  }

  rollbackUnit(): void {
    this.inUnit = false;
    this.joined = this.joinedBeforeUnit;
    // SQLite itself rolls the whole transaction back on some errors (a full disk): then the group is lost already.
    if (!this.database.isTransaction) return;
    this.exec(`rollback to ${UNIT}`);
    this.exec(`release ${UNIT}`);
  }

  takeJoinedGroup(): Group | undefined {
    const group = this.joined;
    this.joined = undefined;
    return group;
  }

  /** Commits the open group now; only while nobody is inside a transaction (the holder, or under the mutex). */
  commitGroup(): void {
    const group = this.group;
    if (!group) return;
    this.group = undefined;
    try {
      this.exec('commit');
      group.resolve();
    } catch (error) {
      try {
        if (this.database.isTransaction) this.exec('rollback');
      } catch {
        // The connection itself failed: the group's writers hear of it by the COMMIT's error.
      }
      group.reject(error);
      this.lost();
    } finally {
      this.writer.unlock();
    }
  }

  private async joinGroup(): Promise<void> {
    if (!this.group) {
      await this.writer.lock();
      try {
        // IMMEDIATE: the write lock at once, so a write of another process cannot fail the whole group halfway.
        this.exec('begin immediate');
      } catch (error) {
        this.writer.unlock();
        throw error;
      }
      this.group = newGroup();
      setImmediate(() => void this.commitAtTurnEnd());
    }
    this.joined = this.group;
  }

  private async commitAtTurnEnd(): Promise<void> {
    await this.mutex.lock();
    try {
      this.commitGroup();
    } finally {
      this.mutex.unlock();
    }
  }

  /** After a failed statement in a group: if SQLite rolled the whole transaction back, the group's writers are told. */
  private noticeLostGroup(error: unknown): void {
    const group = this.group;
    if (!group || this.database.isTransaction) return;
    this.group = undefined;
    this.writer.unlock();
    group.reject(error);
    this.lost();
  }

  private exec(sql: string): void {
    this.statements.prepare(sql).run([]);
  }

  private run<R>({ sql, parameters }: CompiledQuery): QueryResult<R> {
    const statement = this.statements.prepare(sql);
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return {
      numAffectedRows: changes === undefined || changes === null ? undefined : BigInt(changes),
      insertId: lastInsertRowid === undefined || lastInsertRowid === null ? undefined : BigInt(lastInsertRowid),
      rows: [],
    };
  }
}

/** One holder at a time, in the order they asked. */
class Mutex {
  private locked = false;
  private readonly waiting: Array<() => void> = [];

  async lock(): Promise<void> {
    if (!this.locked) {
      this.locked = true;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Hands the lock to the next in line, if any. */
  unlock(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.locked = false;
  }
}

/**
 * Per-file write right among this process's connections (the tests run two shops on one file): a
 * group holds SQLite's write lock until the turn ends, so waiting for it in SQLite's synchronous
 * busy timeout would block the very turn that releases it.
 */
const writers = new Map<string, Mutex>();
function writerOf(file: string): Mutex {
  const key = path.resolve(file);
  let writer = writers.get(key);
  if (!writer) writers.set(key, (writer = new Mutex()));
  return writer;
}
