import type { Customer } from './customers.ts';
import type { ShopDb } from './shop-db.ts';

/**
 * A member of staff on the crash test's board: every `everyMs` it reads today's new orders and
 * rejects up to `batch` of them at once (the probe rejected 30 together), so that refunds are
 * being asked for when the shop is killed. Counts what the shop answered.
 */
export interface RejectStats {
  /** Rejections answered 200: their refund must end confirmed at the provider. */
  answered: Set<string>;
  /** Rejections sent but never answered (the shop died): rejected or not, a refund only if rejected. */
  unanswered: Set<string>;
  conflicts: number;
}

export async function runRejectingStaff(staff: Customer, stop: () => boolean, options: { everyMs: number; batch: number }): Promise<RejectStats> {
  const stats: RejectStats = { answered: new Set(), unanswered: new Set(), conflicts: 0 };
  while (!stop()) {
    await new Promise((resolve) => setTimeout(resolve, options.everyMs));
    let placed: Array<{ _id: string }> = [];
    try {
      const res = await staff.call('GET', '/api/staff/orders?status=placed');
      if (res.status === 200) placed = res.json as Array<{ _id: string }>;
    } catch {
      continue; // the shop is down: try again on the next round
    }
    await Promise.all(
      placed.slice(0, options.batch).map(async (order) => {
        try {
          const res = await staff.call('POST', `/api/staff/orders/${order._id}/status`, { status: 'rejected', reason: 'Crash test: the kitchen is closed' });
          // A rejection cut off by a kill that did not commit is tried again in a later round.
          if (res.status === 200) {
            stats.answered.add(order._id);
            stats.unanswered.delete(order._id);
          }
          else if (res.status === 409) stats.conflicts++;
        } catch {
          stats.unanswered.add(order._id);
        }
      }),
    );
  }
  return stats;
}

export interface RefundReport {
  ok: boolean;
  /** Orders rejected or cancelled, and of them refunded (confirmed by the provider, status succeeded). */
  rejected: number;
  refunded: number;
  /** Rejections answered 200, and those whose order is not refunded in the end (must be 0). */
  answeredRejections: number;
  answeredNotRefunded: number;
  /** Rejections whose answer was lost to a kill, and how many of those did commit. */
  unansweredRejections: number;
  unansweredThatCommitted: number;
  /** Requests retried: asked more than once (a kill mid-call, or a look after the restart). */
  requestsAskedAgain: number;
  /** Not final at the end (must be 0), and failed (must be 0: the sandbox refuses none of these). */
  requestsOpen: number;
  requestsFailed: number;
  /** The sandbox's own ledger against the shop's: one refund per order, its amount, never twice. */
  sandboxRefundsForOrders: number;
  ordersRefundedTwice: number;
  ledgerMismatches: number;
  waitedForRefundsMs: number;
}

/**
 * After the load: waits (up to `maxWaitMs`) for the refund worker to finish every request, then
 * compares the shop's orders and refund requests with the sandbox's own record of refunds.
 */
export async function checkRefunds(db: ShopDb, stats: RejectStats, maxWaitMs: number): Promise<RefundReport> {
  const started = Date.now();
  const open = async () => Number((await db.all<{ n: number }>("select count(*) as n from refund_requests where status in ('queued', 'asking')"))[0]!.n);
  while ((await open()) > 0 && Date.now() - started < maxWaitMs) await new Promise((resolve) => setTimeout(resolve, 250));
  const waitedForRefundsMs = Date.now() - started;

  const orders = await db.all<{ id: string; transaction_id: string; status: string; refund_status: string | null; refund_cents: number | null; total_cents: number }>(
    "select id, transaction_id, status, refund_status, refund_cents, total_cents from orders where status in ('rejected', 'cancelled')",
  );
  const requests = await db.all<{ order_id: string; status: string; attempts: number; amount_cents: number; idempotency_key: string; provider_refund_id: string | null }>(
    'select order_id, status, attempts, amount_cents, idempotency_key, provider_refund_id from refund_requests',
  );
  const ledger = await db.all<{ id: string; intent_id: string; amount_cents: number; idempotency_key: string }>('select id, intent_id, amount_cents, idempotency_key from sandbox_refunds');
  const byIntent = new Map<string, typeof ledger>();
  for (const row of ledger) byIntent.set(row.intent_id, [...(byIntent.get(row.intent_id) ?? []), row]);
  const byOrder = new Map(orders.map((o) => [o.id, o]));

  let ledgerMismatches = 0;
  let ordersRefundedTwice = 0;
  let sandboxRefundsForOrders = 0;
  for (const order of orders) {
    const refunds = byIntent.get(order.transaction_id) ?? [];
    sandboxRefundsForOrders += refunds.length;
    if (refunds.length > 1) ordersRefundedTwice++;
    const refundedCents = refunds.reduce((sum, r) => sum + Number(r.amount_cents), 0);
    // Refunded at the shop exactly when, and as much as, the sandbox says it paid back.
    const shopSays = order.refund_status === 'succeeded' ? Number(order.refund_cents) : 0;
    if (refundedCents !== shopSays || (order.refund_status === 'succeeded' && refundedCents !== Number(order.total_cents))) ledgerMismatches++;
  }
  const refunded = orders.filter((o) => o.refund_status === 'succeeded').length;
  const answeredNotRefunded = [...stats.answered].filter((id) => byOrder.get(id)?.refund_status !== 'succeeded').length;
  const unansweredThatCommitted = [...stats.unanswered].filter((id) => byOrder.has(id)).length;
  const requestsOpen = requests.filter((r) => r.status === 'queued' || r.status === 'asking').length;
  const requestsFailed = requests.filter((r) => r.status === 'failed').length;
  const report: RefundReport = {
    ok: false,
    rejected: orders.length,
    refunded,
    answeredRejections: stats.answered.size,
    answeredNotRefunded,
    unansweredRejections: stats.unanswered.size,
    unansweredThatCommitted,
    requestsAskedAgain: requests.filter((r) => Number(r.attempts) > 1).length,
    requestsOpen,
    requestsFailed,
    sandboxRefundsForOrders,
    ordersRefundedTwice,
    ledgerMismatches,
    waitedForRefundsMs,
  };
  report.ok =
    refunded === orders.length && answeredNotRefunded === 0 && requestsOpen === 0 && requestsFailed === 0 && ordersRefundedTwice === 0 && ledgerMismatches === 0 && sandboxRefundsForOrders === orders.length;
  return report;
}
