import { OneLookAtATime } from '../events/one-look-at-a-time.ts';
import type { Kysely, Transaction } from 'kysely';
import type { OrderStatus } from '../../shared/orders.ts';
import { REFUND_STATES_COUNTED } from '../../shared/stats-periods.ts';
import { newRowId } from '../db/row-ids.ts';
import type { Database } from '../db/schema.ts';
import { RefundRefusedError, type Logger, type OrderChange, type Refunder, type RefundStatus } from './order-types.ts';
import { findOrder, findOrderByTransaction, insertOrderEvent, lockOrderEvents, setOrderRefunds, type OrderRow } from './orders-repository.ts';
import {
  claimDueRefunds,
  findRefundRequestByProviderId,
  insertRefundRequest,
  latestRefundRequest,
  listRefundRequests,
  releaseStaleRefundClaims,
  settleRefundRequest,
  settleSubmittedRequest,
  type RefundRequestRow,
} from './refund-requests-repository.ts';

type Refund = { status: RefundStatus; amountCents: number };

/** Each failed attempt waits twice as long as the one before, up to an hour; after this many, the refund shows failed. */
const MAX_ATTEMPTS = 20;
const MAX_RETRY_DELAY_MS = 60 * 60_000;
const BATCH = 10;

/**
 * Money back for a rejected or cancelled order. The move writes a refund request in its own
 * transaction (request); this worker carries requests out: right after the move commits, at
 * start-up and every pollMs, so a process that dies between the two leaves a row the next look
 * asks again. The provider is asked with the request's idempotency key, so asking twice (a lost
 * answer, a stale claim) gets one refund. No transaction is held during the provider's call.
 */
export class OrderRefunds {
  private readonly db: Kysely<Database>;
  private readonly provider: Refunder;
  private readonly log: Logger;
  private readonly announce: (change: OrderChange) => Promise<void>;
  private readonly retryMs: number;
  private readonly pollMs: number;
  /** A claim older than this belongs to a process that died mid-call (REFUND_CLAIM_LEASE_MS). */
  private readonly leaseMs: number;
  private timer: NodeJS.Timeout | undefined;
  private readonly looks = new OneLookAtATime(() => this.work());
  private closed = false;
  /** Requests asked for right after their move, awaited by close. */
  private readonly asking = new Set<Promise<void>>();

  constructor(options: {
    db: Kysely<Database>;
    provider: Refunder;
    log: Logger;
    announce: (change: OrderChange) => Promise<void>;
    retryMs: number;
    pollMs: number;
    leaseMs: number;
  }) {
    this.db = options.db;
    this.provider = options.provider;
    this.log = options.log;
    this.announce = options.announce;
    this.retryMs = options.retryMs;
    this.pollMs = options.pollMs;
    this.leaseMs = options.leaseMs;
  }

  /**
   * Writes a refund request inside the caller's transaction (the order's move, or an
   * administrator's refund, who passes its lines); answers its id.
   */
  async request(
    trx: Transaction<Database>,
    order: Pick<OrderRow, 'id' | 'transaction_id'>,
    amountCents: number,
    at: string,
    of: { origin: 'order' | 'admin'; lines: string | null } = { origin: 'order', lines: null },
  ): Promise<string> {
    const id = newRowId();
    await insertRefundRequest(trx, {
      id,
      order_id: order.id,
      transaction_id: order.transaction_id,
      amount_cents: amountCents,
      // Derived from the request: one request is one refund at the provider, however often asked.
      idempotency_key: `refund-request-${id}`,
      status: 'queued',
      attempts: 0,
      next_attempt_at: at,
      claimed_at: null,
      provider_refund_id: null,
      last_error: null,
      origin: of.origin,
      lines: of.lines,
      created_at: at,
      updated_at: at,
    });
    return id;
  }

  /** Asks for these just-committed requests now (unless another process has claimed them), and waits for the answer. */
  async carryOut(ids: string[]): Promise<void> {
    if (this.closed) return;
    const work = (async () => {
      try {
        for (const row of await claimDueRefunds(this.db, new Date().toISOString(), ids.length, ids)) await this.ask(row);
      } catch (error) {
        // The database was unreachable, say: the request stays queued for the next look.
        this.log.warn({ err: error, requests: ids }, 'refund not asked yet; the worker will');
      }
    })();
    this.asking.add(work);
    await work.finally(() => this.asking.delete(work));
  }

  /** Starts the worker: a look now (what a process that died left behind) and every pollMs. */
  start(): void {
    if (this.closed) return;
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks for due requests soon; once more after the current look if one is running. */
  wake(): void {
    if (this.closed) return;
    this.looks.wake();
  }

  /** Waits until the due requests have been asked (tests, and a graceful close). */
  async idle(): Promise<void> {
    while (this.looks.current || this.asking.size > 0) await Promise.all([this.looks.current, ...this.asking]);
  }

  /** Stops the timer; a call under way finishes and is recorded, so it is not asked again needlessly. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.idle();
  }

  private async work(): Promise<void> {
    try {
      const now = Date.now();
      await releaseStaleRefundClaims(this.db, new Date(now - this.leaseMs).toISOString(), new Date(now).toISOString());
      for (;;) {
        const claimed = await claimDueRefunds(this.db, new Date().toISOString(), BATCH);
        for (const row of claimed) await this.ask(row);
        if (claimed.length < BATCH || this.closed) break;
      }
    } catch (error) {
      this.log.warn({ err: error }, 'refund worker: look at the requests failed');
    }
  }

  /** One attempt at a claimed request, and its outcome written with the order's refund status. */
  private async ask(row: RefundRequestRow): Promise<void> {
    const claimedAt = row.claimed_at!;
    let answer: Refund & { id: string };
    try {
      answer = await this.provider.refund(row.transaction_id, row.amount_cents, row.idempotency_key);
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const attempts = Number(row.attempts);
      const at = new Date().toISOString();
      if (error instanceof RefundRefusedError || attempts >= MAX_ATTEMPTS) {
        // The order stays rejected or cancelled; the refund shows 'failed' for staff to retry.
        this.log.error({ err: error, order: row.order_id, request: row.id, attempts }, 'refund refused by the payment provider');
        await this.settle(row, claimedAt, { status: 'failed', last_error: reason, updated_at: at }, { status: 'failed', amountCents: row.amount_cents });
      } else {
        const retryAt = new Date(Date.now() + Math.min(this.retryMs * 2 ** (attempts - 1), MAX_RETRY_DELAY_MS)).toISOString();
        this.log.warn({ err: error, order: row.order_id, request: row.id, attempts, retryAt }, 'refund not answered; will ask again');
        await this.settle(row, claimedAt, { status: 'queued', claimed_at: null, next_attempt_at: retryAt, last_error: reason, updated_at: at });
      }
      return;
    }
    const status = answer.status === 'pending' ? 'submitted' : answer.status;
    await this.settle(row, claimedAt, { status, provider_refund_id: answer.id, last_error: null, updated_at: new Date().toISOString() }, answer);
  }

  private async settle(
    row: RefundRequestRow,
    claimedAt: string,
    changes: Parameters<typeof settleRefundRequest>[3],
    refund?: Refund,
  ): Promise<void> {
    try {
      const change = await this.db.transaction().execute(async (trx) => {
        await lockOrderEvents(trx);
        // A claim another process took over after the lease is that process's to record.
        if (!(await settleRefundRequest(trx, row.id, claimedAt, changes))) return undefined;
        return refund ? this.recordIn(trx, row.order_id, row.id) : undefined;
      });
      if (change) await this.announce(change);
    } catch (error) {
      // Left 'asking': the lease runs out and the request is asked again, under the same key.
      this.log.error({ err: error, request: row.id }, 'refund answer not recorded');
    }
  }

  /**
   * The provider's later word on a refund; false when no order of the shop was paid by that intent.
   * It settles the request the provider knows by that refund id, or else the order's newest one;
   * news of a refund that is not the newest request's (a late event about one that failed before
   * staff retried it) changes nothing. A refund made outside the shop is recorded on the order.
   */
  async providerSaid(transactionId: string, refund: Refund & { refundId?: string }): Promise<boolean> {
    const order = await findOrderByTransaction(this.db, transactionId);
    if (!order) return false;
    const at = new Date().toISOString();
    const change = await this.db.transaction().execute(async (trx) => {
      await lockOrderEvents(trx);
      const known = refund.refundId ? await findRefundRequestByProviderId(trx, order.id, refund.refundId) : undefined;
      const latest = await latestRefundRequest(trx, order.id);
      if (!latest) return this.recordOutside(trx, order.id, refund);
      const request = known ?? latest;
      if (!known && refund.refundId && latest.provider_refund_id && latest.provider_refund_id !== refund.refundId) return undefined;
      if (refund.status !== 'pending') await settleSubmittedRequest(trx, request, refund.status, at);
      return this.recordIn(trx, order.id, request.id);
    });
    if (change) await this.announce(change);
    return true;
  }

  /**
   * Records the order's refunds as its requests now stand, with an entry in the order's event log
   * (not in its timeline, `reason` naming the request that changed) so that streams and the refund
   * mail carry it. Nothing when nothing changed. The caller has locked the event log.
   */
  private async recordIn(trx: Transaction<Database>, orderId: string, requestId: string): Promise<OrderChange | undefined> {
    const order = await findOrder(trx, orderId);
    if (!order) return undefined;
    const requests = await listRefundRequests(trx, [orderId]);
    const latest = requests.at(-1);
    const confirmed = requests.filter((r) => (REFUND_STATES_COUNTED as readonly string[]).includes(r.status));
    return this.write(trx, order, requestId, {
      status: latest ? refundStatusOf(latest.status) : order.refund_status,
      cents: latest ? latest.amount_cents : order.refund_cents,
      refundedCents: confirmed.reduce((sum, r) => sum + r.amount_cents, 0),
      made: confirmed.length,
    });
  }

  /** A refund the shop never asked for (made in the provider's dashboard): the provider's word as it is. A final status never goes back to pending. */
  private async recordOutside(trx: Transaction<Database>, orderId: string, refund: Refund): Promise<OrderChange | undefined> {
    const order = await findOrder(trx, orderId);
    if (!order) return undefined;
    if (refund.status === 'pending' && (order.refund_status === 'succeeded' || order.refund_status === 'failed')) return undefined;
    const succeeded = refund.status === 'succeeded';
    return this.write(trx, order, null, { status: refund.status, cents: refund.amountCents, refundedCents: succeeded ? refund.amountCents : 0, made: succeeded ? 1 : 0 });
  }

  private async write(
    trx: Transaction<Database>,
    order: OrderRow,
    requestId: string | null,
    refunds: { status: string | null; cents: number | null; refundedCents: number; made: number },
  ): Promise<OrderChange | undefined> {
    const unchanged =
      order.refund_status === refunds.status && order.refund_cents === refunds.cents && order.refunded_cents === refunds.refundedCents && order.refunds_made === refunds.made;
    if (unchanged) return undefined;
    const at = new Date().toISOString();
    await setOrderRefunds(trx, order.id, { ...refunds, updatedAt: at });
    const eventId = await insertOrderEvent(trx, {
      order_id: order.id,
      kind: 'refund',
      status: order.status,
      reason: requestId,
      by_user_id: null,
      by_name: null,
      at,
    });
    return { eventId, orderId: order.id, userId: order.user_id, status: order.status as OrderStatus };
  }
}

/** A request's status in the shop's three words: asked and not yet answered is pending. */
export function refundStatusOf(status: RefundRequestRow['status']): RefundStatus {
  return status === 'succeeded' || status === 'failed' ? status : 'pending';
}
