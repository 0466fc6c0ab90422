import { AsyncLocalStorage } from 'node:async_hooks';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * `sign-in`: sessions/users changed, so kept callers may be wrong (auth/session-cache.ts).
 * `answers`: tables a customer's reads are built from changed (http/kept-answers.ts).
 */
export type WriteTopic = 'sign-in' | 'answers';

const SIGN_IN_TABLES = new Set(['sessions', 'users']);
/** Each row belongs to one customer: a write within `customerWrites(id, …)` is that customer's alone. */
const CUSTOMER_TABLES = new Set(['cart_items', 'payment_intents', 'orders', 'order_events']);
/** Read by every customer's answers (a cart's prices, a dish sold out): a write concerns everyone. */
const EVERYONE_TABLES = new Set(['menu_items']);

/**
 * `customer`: the one customer whose data the statement wrote, when it ran within
 * `customerWrites`; undefined when it may be anyone's. `sentAt`: when the statement was handed to
 * the database (performance.now()), before which nothing heard can be its notice.
 */
export type WriteListener = (topic: WriteTopic, customer: string | undefined, sentAt: number) => void;

/**
 * Tells listeners, synchronously after the write, of every write through Kysely (Better Auth's
 * included) that can make kept copies stale, whatever code path made it (decision 0029). Other
 * processes' writes arrive through the database instead (migrations 013 and 014, `PRAGMA data_version`).
 */
export class WatchedWrites implements KyselyPlugin {
  private readonly listeners = new Set<WriteListener>();
  private readonly pending = new WeakMap<object, PendingWrite>();
  private readonly scope = new AsyncLocalStorage<string>();

  onWrite(listener: WriteListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /**
   * Writes inside `work` stale only this customer's kept answers; writes outside any scope stale
   * everyone's, so a write site that forgets to name its customer costs a re-read, never a stale answer.
   */
  customerWrites<T>(customerId: string, work: () => T): T {
    return this.scope.run(customerId, work);
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const tables = writtenTables(node);
    if (tables.length > 0) {
      const returning = 'returning' in node && node.returning !== undefined;
      const sentAt = performance.now();
      if (tables.some((name) => SIGN_IN_TABLES.has(name) && node.kind !== 'InsertQueryNode')) this.pending.set(queryId, { topic: 'sign-in', customer: undefined, returning, sentAt });
      else if (tables.some((name) => EVERYONE_TABLES.has(name))) this.pending.set(queryId, { topic: 'answers', customer: undefined, returning, sentAt });
      else if (tables.some((name) => CUSTOMER_TABLES.has(name))) this.pending.set(queryId, { topic: 'answers', customer: this.scope.getStore(), returning, sentAt });
    }
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const write = this.pending.get(queryId);
    if (write) {
      this.pending.delete(queryId);
      if (!wroteNothing(result, write.returning)) for (const listener of this.listeners) listener(write.topic, write.customer, write.sentAt);
    }
    return result;
  }
}

interface PendingWrite {
  topic: WriteTopic;
  customer: string | undefined;
  /** With RETURNING: SQLite then tells the rows written, not their count. */
  returning: boolean;
  sentAt: number;
}

/**
 * A statement that changed no row (an update that matched nothing) leaves every copy as it was,
 * and on PostgreSQL sends no row trigger's notice, which an answer would wait for in vain.
 */
function wroteNothing(result: QueryResult<UnknownRow>, returning: boolean): boolean {
  if (result.numAffectedRows !== undefined) return result.numAffectedRows === 0n;
  return returning && result.rows.length === 0;
}

/** The tables an INSERT, UPDATE or DELETE writes; none for any other statement. */
function writtenTables(node: RootOperationNode): string[] {
  if (node.kind === 'InsertQueryNode') return node.into ? tableNames(node.into) : [];
  if (node.kind === 'UpdateQueryNode') return node.table ? tableNames(node.table) : [];
  if (node.kind === 'DeleteQueryNode') return node.from.froms.flatMap(tableNames);
  return [];
}

/** The table names a FROM or UPDATE target names (a table, or a table with an alias). */
function tableNames(node: object): string[] {
  const n = node as { kind: string; table?: { identifier?: { name?: string } }; node?: object };
  if (n.kind === 'TableNode') return n.table?.identifier?.name ? [n.table.identifier.name] : [];
  if (n.kind === 'AliasNode' && n.node) return tableNames(n.node);
  return [];
}
