import type { Kysely } from 'kysely';
import { centsToPrice } from '../../shared/money.ts';
import type { Dispute, OrderStatus } from '../../shared/orders.ts';
import type { Database } from '../db/schema.ts';
import type { OrderChange, ProviderDispute } from './order-types.ts';
import { findOrderByTransaction, insertOrderEvent, lockOrderEvents, type OrderEventRow } from './orders-repository.ts';

/**
 * A dispute is an entry of the order's event log (`kind = 'dispute'`), its details as JSON in
 * `reason`: it needs no table of its own, it reaches the open streams like any other change, and
 * staff see it beside the timeline. Each new status of a dispute is one entry.
 */
export async function recordDispute(
  db: Kysely<Database>,
  transactionId: string,
  dispute: ProviderDispute,
  announce: (change: OrderChange) => Promise<void>,
): Promise<boolean> {
  const order = await findOrderByTransaction(db, transactionId);
  if (!order) return false;
  const change = await db.transaction().execute(async (trx) => {
    // The event log's lock: of two deliveries of one event at once, the second sees the first's entry.
    await lockOrderEvents(trx);
    const known = await trx.selectFrom('order_events').selectAll().where('order_id', '=', order.id).where('kind', '=', 'dispute').orderBy('id').execute();
    const latest = known.map(parseDispute).findLast((entry) => entry?.id === dispute.id);
    if (latest && latest.status === dispute.status) return undefined;
    const eventId = await insertOrderEvent(trx, {
      order_id: order.id,
      kind: 'dispute',
      status: order.status,
      reason: JSON.stringify(dispute),
      by_user_id: null,
      by_name: null,
      at: new Date().toISOString(),
    });
    return { eventId, orderId: order.id, userId: order.user_id, status: order.status as OrderStatus };
  });
  if (change) await announce(change);
  return true;
}

/** The order's disputes as they stand now (each dispute's newest entry), oldest first. */
export function currentDisputes(events: OrderEventRow[]): Dispute[] {
  const byId = new Map<string, { dispute: ProviderDispute; at: string; first: string }>();
  for (const event of events) {
    if (event.kind !== 'dispute') continue;
    const dispute = parseDispute(event);
    if (!dispute) continue;
    byId.set(dispute.id, { dispute, at: event.at, first: byId.get(dispute.id)?.first ?? event.at });
  }
  return [...byId.values()].map(({ dispute, first }) => ({
    amount: centsToPrice(dispute.amountCents),
    reason: dispute.reason,
    status: dispute.status,
    at: first,
  }));
}

function parseDispute(event: OrderEventRow): ProviderDispute | undefined {
  try {
    const value = JSON.parse(event.reason ?? '') as Partial<ProviderDispute>;
    if (typeof value.id !== 'string' || typeof value.status !== 'string') return undefined;
    return { id: value.id, amountCents: Number(value.amountCents) || 0, reason: String(value.reason ?? ''), status: value.status };
  } catch {
    return undefined;
  }
}
