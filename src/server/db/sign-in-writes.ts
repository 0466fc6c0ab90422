import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/** The tables whose rows decide who a request's caller is: a session, and its user's role, e-mail and name. */
const SIGN_IN_TABLES = new Set(['sessions', 'users']);

/**
 * Sees every statement this process runs through Kysely, Better Auth's included (it is handed the
 * same instance), and tells its listeners, synchronously, right after any UPDATE or DELETE of
 * `sessions` or `users` has run: a sign-out, a password change that ends sessions, a role, e-mail
 * or name changed, an account deleted, whichever code path made it. The cache of callers
 * (auth/session-cache.ts) forgets what it held (decision 0029). Other processes hear of such
 * writes through the database itself (migration 013's triggers on PostgreSQL, `PRAGMA
 * data_version` on SQLite), not through this.
 */
export class SignInWrites implements KyselyPlugin {
  private readonly listeners = new Set<() => void>();
  private readonly pending = new WeakSet<object>();

  onWrite(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (touchesSignIn(node)) this.pending.add(queryId);
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.pending.has(queryId)) {
      this.pending.delete(queryId);
      for (const listener of this.listeners) listener();
    }
    return result;
  }
}

function touchesSignIn(node: RootOperationNode): boolean {
  if (node.kind === 'UpdateQueryNode') return node.table !== undefined && tableNames(node.table).some((name) => SIGN_IN_TABLES.has(name));
  if (node.kind === 'DeleteQueryNode') return node.from.froms.some((from) => tableNames(from).some((name) => SIGN_IN_TABLES.has(name)));
  return false;
}

/** The table names a FROM or UPDATE target names (a table, or a table with an alias). */
function tableNames(node: object): string[] {
  const n = node as { kind: string; table?: { identifier?: { name?: string } }; node?: object };
  if (n.kind === 'TableNode') return n.table?.identifier?.name ? [n.table.identifier.name] : [];
  if (n.kind === 'AliasNode' && n.node) return tableNames(n.node);
  return [];
}
