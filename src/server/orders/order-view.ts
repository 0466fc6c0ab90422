import { chosenToApi, selectionKey, selectionOf, type ChosenGroup } from '../../shared/dish-option-rules.ts';
import { centsToPrice } from '../../shared/money.ts';
import { toOrderTaxes, type TaxSummary } from '../../shared/order-totals.ts';
import type { Fulfilment, Order, OrderRefund, OrderStatus } from '../../shared/orders.ts';
import { currentDisputes } from './order-disputes.ts';
import { refundStatusOf } from './order-refunds.ts';
import type { OrderEventRow, OrderLineRow, OrderRow } from './orders-repository.ts';
import type { RefundRequestRow } from './refund-requests-repository.ts';

/**
 * An order as the API answers it (src/shared/orders.ts), from its row and its timeline. Money is
 * integer cents inside and the spec's dollars outside. `withBy`: the timeline names the staff
 * member who made each change, for staff and administrators only; a customer sees what happened,
 * not who in the kitchen did it.
 */
export function toOrder(row: OrderRow, timeline: OrderEventRow[], withBy: boolean, refunds: RefundRequestRow[] = []): Order {
  const order: Order = {
    _id: row.id,
    number: Number(row.number),
    status: row.status as OrderStatus,
    fulfilment: JSON.parse(row.fulfilment) as Fulfilment,
    note: row.note,
    lines: (JSON.parse(row.lines) as OrderLineRow[]).map((line) => ({
      itemId: line.itemId,
      name: line.name,
      price: centsToPrice(line.priceCents),
      quantity: line.quantity,
      ...(line.options && line.options.length > 0 && { options: chosenToApi(line.options) }),
    })),
    total: centsToPrice(row.total_cents),
    customer: { name: row.customer_name, email: row.customer_email },
    transactionId: row.transaction_id,
    createdAt: row.created_at,
    readyBy: row.ready_by,
    reason: row.reason,
    timeline: timeline.filter((event) => event.kind === 'status').map((event) => {
      const entry: Order['timeline'][number] = { status: event.status as OrderStatus, at: event.at };
      if (event.reason !== null) entry.reason = event.reason;
      if (withBy && event.by_name !== null) entry.by = event.by_name;
      return entry;
    }),
  };
  if (row.delivery_fee_cents > 0) order.deliveryFee = centsToPrice(row.delivery_fee_cents);
  const taxes = toOrderTaxes(row.taxes ? (JSON.parse(row.taxes) as TaxSummary) : null);
  if (taxes) order.taxes = taxes;
  if (row.tip_cents > 0) order.tip = centsToPrice(row.tip_cents);
  if (row.promo_code !== null && Number(row.discount_cents) > 0) {
    order.discount = centsToPrice(Number(row.discount_cents));
    order.promoCode = row.promo_code;
  }
  if (row.refund_status !== null) order.refund = { amount: centsToPrice(row.refund_cents ?? 0), status: row.refund_status, attempt: Math.max(1, Number(row.refund_attempts)) };
  if (refunds.length > 0) order.refunds = refunds.map(toRefund);
  const disputes = withBy ? currentDisputes(timeline) : [];
  if (disputes.length > 0) order.disputes = disputes;
  return order;
}

/** A refund request as the order's page lists it. */
function toRefund(request: RefundRequestRow): OrderRefund {
  const refund: OrderRefund = { id: request.id, amount: centsToPrice(request.amount_cents), status: refundStatusOf(request.status), at: request.created_at };
  if (request.lines) refund.lines = JSON.parse(request.lines) as NonNullable<OrderRefund['lines']>;
  return refund;
}

/** Refund requests grouped by order id. */
export function groupRefunds(requests: RefundRequestRow[]): Map<string, RefundRequestRow[]> {
  const byOrder = new Map<string, RefundRequestRow[]>();
  for (const request of requests) byOrder.set(request.order_id, [...(byOrder.get(request.order_id) ?? []), request]);
  return byOrder;
}

/** The same order as a customer sees it: without who made each change, nor the disputes. */
export function withoutStaffNames(order: Order): Order {
  const { disputes: _disputes, ...rest } = order;
  return { ...rest, timeline: order.timeline.map(({ by: _by, ...entry }) => entry) };
}

/** Timelines grouped by order id. */
export function groupTimelines(events: OrderEventRow[]): Map<string, OrderEventRow[]> {
  const byOrder = new Map<string, OrderEventRow[]>();
  for (const event of events) {
    const list = byOrder.get(event.order_id);
    if (list) list.push(event);
    else byOrder.set(event.order_id, [event]);
  }
  return byOrder;
}

/** A paid cart entry as the order gets it. */
export interface PlacedItem {
  menuItemId: string;
  name: string;
  priceCents: number;
  options?: ChosenGroup[];
}

/**
 * The lines as paid: cart entries of the same dish at the same price with the same options become
 * one line with a quantity, in the order the dishes were first put in the cart.
 */
export function groupLines(items: PlacedItem[]): OrderLineRow[] {
  const lines = new Map<string, OrderLineRow>();
  for (const item of items) {
    const key = `${item.menuItemId}\u0000${item.priceCents}\u0000${selectionKey(selectionOf(item.options ?? []))}`;
    const line = lines.get(key);
    if (line) line.quantity += 1;
    else {
      const fresh: OrderLineRow = { itemId: item.menuItemId, name: item.name, priceCents: item.priceCents, quantity: 1 };
      if (item.options && item.options.length > 0) fresh.options = item.options;
      lines.set(key, fresh);
    }
  }
  return [...lines.values()];
}
