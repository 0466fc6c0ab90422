import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import { layerOn } from '../speed-layers.ts';
import type { Database } from './schema.ts';

/** What a transaction's work did, and the statement that must be its last, if any. */
export interface WorkThenLast<T, L> {
  value: T;
  /** Must hand its one statement to the driver before it first awaits, or it goes after the COMMIT. */
  last?: () => Promise<L>;
}

/**
 * Runs `work` in a transaction, then `last`, which on PostgreSQL is pipelined with the COMMIT so
 * the row locks it takes (the order counters' row) are not held across a round trip (decision
 * 0036). If `last` fails, PostgreSQL turns the COMMIT into a ROLLBACK and its error is thrown here.
 * On SQLite there is no round trip, and a failed statement doesn't end the transaction, so it is awaited inside.
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
