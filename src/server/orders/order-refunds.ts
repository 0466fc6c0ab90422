import type { Kysely } from 'kysely';
import type { OrderStatus } from '../../shared/orders.ts';
import type { Database } from '../db/schema.ts';
import type { Logger, OrderChange, Refunder, RefundStatus } from './order-types.ts';
import { findOrder, findOrderByTransaction, insertOrderEvent, lockOrderEvents, setOrderRefund, type OrderRow } from './orders-repository.ts';

type Refund = { status: RefundStatus; amountCents: number };

/**
 * Money back for a rejected or cancelled order, through the payment provider. The move has
 * committed (with the refund pending) before the provider is asked: no transaction is held during
 * a network call, and of two racing cancellations only the one that moved the order asks.
 */
export class OrderRefunds {
  private readonly db: Kysely<Database>;
  private readonly provider: Refunder;
  private readonly log: Logger;
  private readonly announce: (change: OrderChange) => Promise<void>;

  constructor(options: { db: Kysely<Database>; provider: Refunder; log: Logger; announce: (change: OrderChange) => Promise<void> }) {
    this.db = options.db;
    this.provider = options.provider;
    this.log = options.log;
    this.announce = options.announce;
  }

  /** Asks the provider for the whole amount back and records its answer on the order. */
  async refundInFull(order: OrderRow): Promise<void> {
    let answer: Refund;
    try {
      answer = await this.provider.refund(order.transaction_id, order.total_cents);
    } catch (error) {
      // The order stays cancelled; the refund shows 'failed' on the board for the staff to see.
      this.log.error({ err: error, order: order.id }, 'refund refused by the payment provider');
      answer = { status: 'failed', amountCents: order.total_cents };
    }
    await this.record(order.id, answer);
  }

  /** The provider's later word on a refund; false when no order of the shop was paid by that intent. */
  async providerSaid(transactionId: string, refund: Refund): Promise<boolean> {
    const order = await findOrderByTransaction(this.db, transactionId);
    if (!order) return false;
    await this.record(order.id, refund);
    return true;
  }

  /**
   * Records a refund's status, with an entry in the order's event log (not in its timeline) so
   * that streams carry it. A final status never goes back to pending: a late webhook about an
   * earlier state of the refund changes nothing.
   */
  private async record(orderId: string, refund: Refund): Promise<void> {
    const at = new Date().toISOString();
    const change = await this.db.transaction().execute(async (trx) => {
      await lockOrderEvents(trx);
      const order = await findOrder(trx, orderId);
      if (!order) return undefined;
      const unchanged = order.refund_status === refund.status && order.refund_cents === refund.amountCents;
      const backwards = refund.status === 'pending' && (order.refund_status === 'succeeded' || order.refund_status === 'failed');
      if (unchanged || backwards) return undefined;
      await setOrderRefund(trx, orderId, { status: refund.status, cents: refund.amountCents, updatedAt: at });
      const eventId = await insertOrderEvent(trx, {
        order_id: orderId,
        kind: 'refund',
        status: order.status,
        reason: null,
        by_user_id: null,
        by_name: null,
        at,
      });
      return { eventId, orderId, userId: order.user_id, status: order.status as OrderStatus };
    });
    if (change) await this.announce(change);
  }
}
