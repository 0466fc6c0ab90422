import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import { layerOn } from '../speed-layers.ts';
import type { Database } from './schema.ts';

/** What a transaction's work did, and the statement that must be its last, if any. */
export interface WorkThenLast<T, L> {
  value: T;
  /**
   * The transaction's last statement. It must hand its one statement to the driver before it first
   * waits (one compiled statement, as the order's placement), so that it goes before the COMMIT.
   */
  last?: () => Promise<L>;
}

/**
 * Runs `work` in a transaction, then its last statement, which on PostgreSQL is sent together with
 * the COMMIT (node-postgres's pipeline mode, set on the pool in database.ts): the row locks that
 * statement takes are then held for PostgreSQL's own time, not for a round trip to this process
 * and back. Every payment takes the order counters' row in its last statement (the order's
 * placement), so every payment waited on the one before it for that round trip, which under load
 * is as long as this process takes to come back to the answer (docs/performance.md, "The lock
 * every payment takes").
 *
 * If the last statement fails, PostgreSQL has aborted the transaction and turns the COMMIT behind
 * it into a ROLLBACK: nothing of the transaction is kept, and its error is thrown here, as it
 * would have been from inside. On SQLite a statement is no round trip, and a failed one does not
 * end the transaction, so the last statement is awaited inside it as any other.
 */
export async function commitWithLast<T, L>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<WorkThenLast<T, L>>): Promise<{ value: T; last?: L }> {
  const sentWithCommit = layerOn('commit-with-last') && db.getExecutor().adapter instanceof PostgresAdapter;
  let pending: Promise<L> | undefined;
  const outcome = await db.transaction().execute(async (trx): Promise<{ value: T; last?: L }> => {
    const { value, last } = await work(trx);
    if (!last) return { value };
    if (!sentWithCommit) return { value, last: await last() };
    pending = last();
    // Read below, once the COMMIT sent behind it is answered (or failed).
    pending.catch(() => undefined);
    return { value };
  });
  return pending ? { value: outcome.value, last: await pending } : outcome;
}
