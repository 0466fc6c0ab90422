import type { TaxSummary } from '../../shared/order-totals.ts';
import type { Kysely, Transaction } from 'kysely';
import {
  findTransition,
  ORDER_STATUS_LABELS,
  type FulfilmentType,
  type Order,
  type OrderList,
  type OrderStatus,
  type StatusChange,
  REFUND_RETRY_TEXTS,
  REFUND_TEXTS,
  REFUND_WINDOW_DAYS,
  type OrderRefund,
  type RefundAsk,
} from '../../shared/orders.ts';
import { centsToPrice, formatPrice } from '../../shared/money.ts';
import { BUSY_TEXTS } from '../../shared/restaurant-settings.ts';
import { isGuest, isStaff, type Role } from '../../shared/roles.ts';
import { paths } from '../../shared/paths.ts';
import { localDate, localDayBounds } from '../../shared/shop-time.ts';
import type { DbKind } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { EventBus } from '../events/event-bus.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../http/errors.ts';
import { splitFulfilment } from './fulfilment.ts';
import { recordDispute } from './order-disputes.ts';
import type { OrderLinks } from './order-links.ts';
import { OrderRefunds, refundStatusOf } from './order-refunds.ts';
import type { Logger, OrderChange, ProviderDispute, Refunder, RefundStatus } from './order-types.ts';
import { groupLines, groupRefunds, groupTimelines, toOrder, withoutStaffNames, type PlacedItem } from './order-view.ts';
import {
  countOrdersOfUser,
  findOrder,
  findOrderByTransaction,
  findOrderEvent,
  findOrderLocked,
  findOrders,
  insertNewOrder,
  insertOrderEvent,
  listOrdersOfUser,
  listOrdersPlacedBetween,
  listTimelines,
  lastOrderEventId,
  listOrdersChangedAfter,
  lockOrderEvents,
  moveOrderStatus,
  pushBackReadyTime,
  type NewOrderRow,
  type OrderLineRow,
  type OrderRow,
} from './orders-repository.ts';
import { newRowId } from '../db/row-ids.ts';
import { freePlace } from './slot-repository.ts';
import { findRefundRequest, latestRefundRequest, listRefundRequests, reopenFailedRefund, type RefundRequestRow } from './refund-requests-repository.ts';
import { say } from '../i18n/wording.ts';

/** Busy mode's part of the restaurant's settings, as the orders read it at each placement and move. */
export interface Quoting {
  /** Minutes added to every ready time quoted (0, 10, 20 or 30). */
  extraMinutes: number;
  /** Accept each new order on payment, ready in preparationMinutes (plus the extra). */
  autoAccept: boolean;
  preparationMinutes: number;
}

/** Who is asking: a customer sees their own orders; staff and administrators see every order. */
export interface Viewer {
  id: string;
  name: string;
  role: Role;
}

/** What the payment hands over when it is recorded: the intent's items, fulfilment and buyer. */
export interface Placement {
  transactionId: string;
  userId: string | null;
  customer: { name: string; email: string };
  items: PlacedItem[];
  totalCents: number;
  /** The delivery fee inside totalCents; none for any other way. */
  deliveryFeeCents?: number;
  /** The intent's taxes (JSON: TaxSummary of src/shared/order-totals.ts), null on older intents. */
  taxes?: string | null;
  /** The tip inside totalCents (migration 029); none when absent. */
  tipCents?: number;
  /** The promo code's discount inside totalCents, and the code (promo41); none when absent. */
  discountCents?: number;
  promoCode?: string | null;
  /** The intent's kept fulfilment request (JSON), null for an intent opened before orders existed. */
  fulfilment: string | null;
  at: string;
}

/** A placed order: its change, and the order as its customer sees it. */
export interface PlacedOrder {
  change: OrderChange;
  /**
   * True when the placement's own statement sent the change, delivered at the commit
   * (PostgreSQL); otherwise the caller announces it after the commit.
   */
  announced: boolean;
  order: Order;
}

/** The order's rules (docs/decisions/0017-orders.md): placement, the workflow, refunds, who sees what. */
export class OrderService {
  private readonly db: Kysely<Database>;
  private readonly events: EventBus;
  private readonly log: Logger;
  /** Told of each accept once it has committed, staff's or auto-accept's (the kitchen printers). */
  private readonly acceptListeners: ((order: Order) => Promise<unknown>)[] = [];
  private readonly refunds: OrderRefunds;
  /** The restaurant's time zone now: its settings can change it while the shop runs. */
  private readonly zone: () => string;
  private readonly databaseKind: DbKind;
  private readonly quoting: () => Quoting;
  private readonly links: OrderLinks;

  constructor(options: {
    db: Kysely<Database>;
    databaseKind: DbKind;
    events: EventBus;
    provider: Refunder;
    timeZone: () => string;
    quoting: () => Quoting;
    log: Logger;
    refunds: { retryMs: number; pollMs: number; leaseMs: number };
    links: OrderLinks;
  }) {
    this.quoting = options.quoting;
    this.links = options.links;
    this.db = options.db;
    this.databaseKind = options.databaseKind;
    this.events = options.events;
    this.zone = options.timeZone;
    this.log = options.log;
    this.refunds = new OrderRefunds({
      db: options.db,
      provider: options.provider,
      log: options.log,
      announce: (change) => this.announce(change),
      ...options.refunds,
    });
  }

  /**
   * Makes the order of a payment inside the payment's own transaction, so there is an order for
   * every recorded payment and none without one. The caller announces the change after commit,
   * unless the placement did (`announced`).
   */
  async place(trx: Transaction<Database>, placement: Placement): Promise<PlacedOrder> {
    const { fulfilment, note } = splitFulfilment(placement.fulfilment);
    const id = newRowId();
    const lines = groupLines(placement.items);
    const unnumbered: NewOrderRow = {
      id,
      transaction_id: placement.transactionId,
      user_id: placement.userId,
      customer_name: placement.customer.name,
      customer_email: placement.customer.email,
      status: 'placed',
      fulfilment_type: fulfilment.type,
      fulfilment: JSON.stringify(fulfilment),
      note,
      lines: JSON.stringify(lines),
      total_cents: placement.totalCents,
      delivery_fee_cents: placement.deliveryFeeCents ?? 0,
      taxes: placement.taxes ?? null,
      tip_cents: placement.tipCents ?? 0,
      tax_cents: placement.taxes ? (JSON.parse(placement.taxes) as TaxSummary).taxCents : 0,
      ready_by: null,
      reason: null,
      refund_status: null,
      refund_cents: null,
      refund_attempts: 0,
      refunded_cents: 0,
      refunds_made: 0,
      // promo41: the promo code's discount inside total_cents, copied from the payment.
      discount_cents: placement.discountCents ?? 0,
      promo_code: placement.promoCode ?? null,
      created_at: placement.at,
      updated_at: placement.at,
    };
    const event = { order_id: id, kind: 'status' as const, status: 'placed', reason: null, by_user_id: null, by_name: null, at: placement.at };
    const { eventId, number, announced } = await insertNewOrder(trx, this.databaseKind, unnumbered, lines, event);
    const row: OrderRow = { ...unnumbered, number };
    return {
      change: { eventId, orderId: id, userId: placement.userId, status: 'placed' },
      announced,
      order: withoutStaffNames(toOrder(row, [{ id: eventId, ...event }], false)),
    };
  }

  /**
   * Tells every process of the shop, after the commit. A failure here never undoes the change: it
   * is logged, and streams still get it with the next change (they read every event after the
   * last one they had) or when they reconnect.
   */
  async announce(change: OrderChange): Promise<void> {
    try {
      await this.events.publish('order.changed', change);
    } catch (error) {
      this.log.warn({ err: error, change }, 'order change not published');
    }
  }

  /** The order of a payment, as its customer sees it; undefined for a payment older than orders. */
  async findByTransaction(transactionId: string): Promise<Order | undefined> {
    const row = await findOrderByTransaction(this.db, transactionId);
    return row ? withoutStaffNames(await this.view(row, true)) : undefined;
  }

  /** One order: the customer's own, or any for staff. Another customer's is as unknown as none. */
  async get(id: string, viewer: Viewer): Promise<Order> {
    const row = await findOrder(this.db, id);
    const staff = isStaff(viewer.role);
    if (!row || (!staff && row.user_id !== viewer.id)) throw new NotFoundError(say('error.order.notFound'));
    const order = await this.view(row, staff);
    // A guest keeps the signed page's path: its session may end before the meal does.
    return isGuest(viewer.role) ? { ...order, link: this.linkOf(row.id) } : order;
  }

  /** The path of an order's signed page, `/o/<token>` (decision 0047). */
  linkOf(orderId: string): string {
    return paths.guestOrder(this.links.sign(orderId));
  }

  /**
   * The order a signed link opens, as its customer sees it, for whoever holds the link. A forged
   * or altered token, or one of an order that no longer exists, is as unknown as none.
   */
  async byLink(token: string): Promise<Order> {
    const id = this.links.read(token);
    const row = id === undefined ? undefined : await findOrder(this.db, id);
    if (!row) throw new NotFoundError(say('error.order.notFound'));
    return { ...(await this.view(row, false)), link: this.linkOf(row.id) };
  }

  /** The catch-up of a stream opened through an order's link: that order, if it changed after `afterId`. */
  async changedSinceOfOrder(afterId: number, orderId: string): Promise<Array<{ eventId: number; order: Order }>> {
    const changed = await listOrdersChangedAfter(this.db, afterId, null, 1, orderId);
    const orders = await this.readForStaff(changed.map((c) => c.orderId));
    return changed.flatMap(({ eventId, orderId: id }) => {
      const order = orders.get(id);
      return order ? [{ eventId, order: withoutStaffNames(order) }] : [];
    });
  }

  /** The caller's own orders, newest first, one page. */
  async listOwn(viewer: Viewer, page: number, pageSize: number): Promise<OrderList> {
    const [rows, total] = await Promise.all([
      listOrdersOfUser(this.db, viewer.id, pageSize, (page - 1) * pageSize),
      countOrdersOfUser(this.db, viewer.id),
    ]);
    const timelines = groupTimelines(await listTimelines(this.db, rows.map((r) => r.id)));
    const refunds = await this.refundsOf(rows);
    const staff = isStaff(viewer.role);
    return { orders: rows.map((row) => toOrder(row, timelines.get(row.id) ?? [], staff, refunds.get(row.id))), total, page, pageSize };
  }

  /** What names one board's answer: its day (today's, once resolved: the answer holds no time) and status. */
  boardKey({ date, status }: { date?: string; status?: OrderStatus }, now = new Date()): string {
    return `board/${date ?? localDate(now, this.zone())}/${status ?? 'all'}`;
  }

  /** The board: the orders placed on a day of the restaurant (today by default), oldest first. */
  async board(date: string | undefined, status: OrderStatus | undefined, now = new Date()): Promise<Order[]> {
    const timeZone = this.zone();
    const { start, end } = localDayBounds(date ?? localDate(now, timeZone), timeZone);
    const { orders, timelines } = await listOrdersPlacedBetween(this.db, start.toISOString(), end.toISOString(), status);
    const byOrder = groupTimelines(timelines);
    const refunds = await this.refundsOf(orders);
    return orders.map((row) => toOrder(row, byOrder.get(row.id) ?? [], true, refunds.get(row.id)));
  }

  /** Orders as staff see them, by id (the live stream's one read per change). */
  async readForStaff(ids: string[]): Promise<Map<string, Order>> {
    const rows = await findOrders(this.db, ids);
    const timelines = groupTimelines(await listTimelines(this.db, ids));
    const refunds = await this.refundsOf(rows);
    return new Map(rows.map((row) => [row.id, toOrder(row, timelines.get(row.id) ?? [], true, refunds.get(row.id))]));
  }

  /**
   * A reconnecting stream's catch-up: every order the viewer may see that changed after event
   * `afterId`, once each with its newest event id, in that id's order. Undefined when more than
   * `limit` did: the client is better served reloading the list than by a flood of events.
   */
  async changedSince(afterId: number, viewer: Viewer, limit: number): Promise<Array<{ eventId: number; order: Order }> | undefined> {
    const staff = isStaff(viewer.role);
    const changed = await listOrdersChangedAfter(this.db, afterId, staff ? null : viewer.id, limit + 1);
    if (changed.length > limit) return undefined;
    const orders = await this.readForStaff(changed.map((c) => c.orderId));
    return changed.flatMap(({ eventId, orderId }) => {
      const order = orders.get(orderId);
      return order ? [{ eventId, order: staff ? order : withoutStaffNames(order) }] : [];
    });
  }

  /**
   * An entry of the event log: a timeline step ('status'), a refund's news ('refund', with the
   * request it is about, as it stands now), a dispute's ('dispute') or a later ready time ('delay').
   */
  async event(eventId: number): Promise<
    { kind: 'status' | 'refund' | 'dispute' | 'delay'; status: OrderStatus; refund?: { id: string; origin: 'order' | 'admin'; status: RefundStatus } } | undefined
  > {
    const row = await findOrderEvent(this.db, eventId);
    if (!row) return undefined;
    const request = row.kind === 'refund' && row.reason ? await findRefundRequest(this.db, row.reason) : undefined;
    return {
      kind: row.kind,
      status: row.status as OrderStatus,
      ...(request && { refund: { id: request.id, origin: request.origin, status: refundStatusOf(request.status) } }),
    };
  }

  /** Where the event log stands (0 before the first event). */
  lastEventId(): Promise<number> {
    return lastOrderEventId(this.db);
  }

  /** A move of the workflow by staff (see `move`); answers the order as staff see it. */
  async changeStatus(id: string, change: StatusChange, staff: Viewer, now = new Date()): Promise<Order> {
    const order = await findOrder(this.db, id);
    if (!order) throw new NotFoundError(say('error.order.notFound'));
    await this.move(order, change, staff, now);
    const moved = await this.get(id, staff);
    if (change.status === 'accepted') this.tellAccepted(moved);
    return moved;
  }

  /** `listener` runs after each accept has committed; it is not awaited, and its failure is only logged. */
  onAccepted(listener: (order: Order) => Promise<unknown>): void {
    this.acceptListeners.push(listener);
  }

  private tellAccepted(order: Order): void {
    for (const listener of this.acceptListeners) {
      listener(order).catch((error: unknown) => this.log.warn({ err: error, orderId: order._id }, 'after-accept work failed'));
    }
  }

  /**
   * Auto-accept (busy mode): a new order, just placed and announced, is accepted as staff would,
   * ready in the preparation time plus the extra minutes. Undefined when auto-accept is off, or
   * staff moved the order first (their move stands).
   */
  async acceptOnPlacement(order: Order, now = new Date()): Promise<Order | undefined> {
    const quoting = this.quoting();
    if (!quoting.autoAccept || order.status !== 'placed') return undefined;
    const row = await findOrder(this.db, order._id);
    if (!row || row.status !== 'placed') return undefined;
    try {
      await this.move(row, { status: 'accepted', readyInMinutes: quoting.preparationMinutes }, null, now);
    } catch (error) {
      if (error instanceof ConflictError) return undefined;
      throw error;
    }
    const after = await findOrder(this.db, order._id);
    if (!after) return undefined;
    const accepted = withoutStaffNames(await this.view(after, false));
    this.tellAccepted(accepted);
    return accepted;
  }

  /**
   * Pushes an accepted order's ready time back (busy mode): one transaction with a 'delay' event,
   * which the boards and the customer's page get live and which mails the customer the new time.
   * Only while accepted or preparing, and only if no one moved it meanwhile (409).
   */
  async delay(id: string, minutes: number, staff: Viewer, now = new Date()): Promise<Order> {
    const order = await findOrder(this.db, id);
    if (!order) throw new NotFoundError(say('error.order.notFound'));
    if (!DELAYABLE.includes(order.status as OrderStatus) || order.ready_by === null) throw new ConflictError(BUSY_TEXTS.notDelayable);
    // From the quoted time, or from now when that has already passed: a new time is never in the past.
    const from = Math.max(Date.parse(order.ready_by), now.getTime());
    const readyBy = new Date(from + minutes * 60_000).toISOString();
    const at = now.toISOString();
    const eventId = await this.db.transaction().execute(async (trx) => {
      await lockOrderEvents(trx);
      if ((await pushBackReadyTime(trx, id, order.status, order.ready_by!, readyBy, at)) === 0) {
        throw new ConflictError(say('error.order.changedMeanwhile'));
      }
      return insertOrderEvent(trx, { order_id: id, kind: 'delay', status: order.status, reason: null, by_user_id: staff.id, by_name: staff.name, at });
    });
    await this.announce({ eventId, orderId: id, userId: order.user_id, status: order.status as OrderStatus });
    return this.get(id, staff);
  }

  /**
   * A move of the workflow (src/shared/order-workflow.ts), made only if the order is still where
   * the table allows it to move from, in one transaction with its timeline entry. A move that
   * gives the money back writes its refund request in that transaction, and the refund worker
   * asks the provider after the commit (never inside a transaction that holds the order).
   * `staff` null: the shop itself (auto-accept).
   */
  private async move(order: OrderRow, change: StatusChange, staff: Viewer | null, now: Date): Promise<void> {
    const id = order.id;
    const from = order.status as OrderStatus;
    const transition = findTransition(from, change.status, order.fulfilment_type as FulfilmentType);
    if (!transition) {
      throw new ConflictError(
        `An order that is ${ORDER_STATUS_LABELS[from].toLowerCase()} cannot become ${ORDER_STATUS_LABELS[change.status].toLowerCase()}`,
      );
    }
    checkWhatTheMoveNeeds(transition.needs, change);

    const at = now.toISOString();
    const changes: Parameters<typeof moveOrderStatus>[3] = { status: change.status, updated_at: at };
    // Busy mode's extra minutes go on every quoted time, whoever quotes it.
    if (transition.needs === 'readyInMinutes') {
      changes.ready_by = new Date(now.getTime() + (change.readyInMinutes! + this.quoting().extraMinutes) * 60_000).toISOString();
    }
    if (transition.needs === 'reason') changes.reason = change.reason!;

    let refundRequest: string | undefined;
    const eventId = await this.db.transaction().execute(async (trx) => {
      await lockOrderEvents(trx);
      // What an administrator refunded already stays refunded: the move gives back the rest.
      const rest = transition.refunds ? order.total_cents - askedCents(await listRefundRequests(trx, [id])) : 0;
      if (rest > 0) Object.assign(changes, { refund_status: 'pending', refund_cents: rest, refund_attempts: order.refund_attempts + 1 });
      if ((await moveOrderStatus(trx, id, from, changes)) === 0) {
        throw new ConflictError(say('error.order.changedMeanwhile'));
      }
      if (rest > 0) refundRequest = await this.refunds.request(trx, order, rest, at);
      // A rejected or cancelled order for later gives its slot's place back (issue 40).
      if (change.status === 'rejected' || change.status === 'cancelled') await freePlace(trx, order.transaction_id, at);
      return insertOrderEvent(trx, {
        order_id: id,
        kind: 'status',
        status: change.status,
        reason: changes.reason ?? null,
        by_user_id: staff?.id ?? null,
        by_name: staff?.name ?? null,
        at,
      });
    });
    await this.announce({ eventId, orderId: id, userId: order.user_id, status: change.status });

    if (refundRequest) await this.refunds.carryOut([refundRequest]);
  }

  /**
   * Staff ask again for a refund the provider refused: a new request (a new idempotency key, as
   * the refused one would only be answered with its refusal), through the same worker. Only an
   * order whose refund failed; of two staff at once, the second gets a 409.
   */
  async retryRefund(id: string, staff: Viewer, now = new Date()): Promise<Order> {
    const order = await findOrder(this.db, id);
    if (!order) throw new NotFoundError(say('error.order.notFound'));
    if (order.refund_status !== 'failed') throw new ConflictError(REFUND_RETRY_TEXTS.notFailed);
    const at = now.toISOString();
    const { eventId, requestId } = await this.db.transaction().execute(async (trx) => {
      await lockOrderEvents(trx);
      if (!(await reopenFailedRefund(trx, id, at))) throw new ConflictError(REFUND_RETRY_TEXTS.notFailed);
      // The failed request asked again as it was (its lines, who made it), if it still fits in what is left.
      const failed = await latestRefundRequest(trx, id);
      const cents = failed?.amount_cents ?? order.refund_cents ?? order.total_cents;
      const left = order.total_cents - askedCents(await listRefundRequests(trx, [id]));
      if (cents > left) throw new ConflictError(say('error.refund.overLeft', { amount: dollars(left) }));
      const requestId = await this.refunds.request(trx, order, cents, at, { origin: failed?.origin ?? 'order', lines: failed?.lines ?? null });
      const eventId = await insertOrderEvent(trx, {
        order_id: id,
        kind: 'refund',
        status: order.status,
        reason: null,
        by_user_id: staff.id,
        by_name: staff.name,
        at,
      });
      return { eventId, requestId };
    });
    await this.announce({ eventId, orderId: id, userId: order.user_id, status: order.status as OrderStatus });
    await this.refunds.carryOut([requestId]);
    return this.get(id, staff);
  }

  /**
   * An administrator's refund of chosen lines, an amount or the whole of what is left, at any
   * status of the order within the provider's window. One transaction holds the event log's lock
   * and the order's row while it checks what is left (paid less every refund not failed) and
   * writes the request, so two refunds at once are checked one after the other and never give
   * back more than was paid. Lines are priced from the order's stored lines, never by the caller.
   */
  async refund(id: string, ask: RefundAsk, admin: Viewer, now = new Date()): Promise<Order> {
    const at = now.toISOString();
    const { order, eventId, requestId } = await this.db.transaction().execute(async (trx) => {
      await lockOrderEvents(trx);
      const order = await findOrderLocked(trx, this.databaseKind, id);
      if (!order) throw new NotFoundError(say('error.order.notFound'));
      if (order.total_cents <= 0) throw new ConflictError(REFUND_TEXTS.notPaid);
      if (now.getTime() - Date.parse(order.created_at) > REFUND_WINDOW_DAYS * 86_400_000) throw new ConflictError(REFUND_TEXTS.tooLate);
      const requests = await listRefundRequests(trx, [id]);
      const left = order.total_cents - askedCents(requests);
      if (left <= 0) throw new ConflictError(REFUND_TEXTS.nothingLeft);
      const { cents, lines } = priceRefund(ask, JSON.parse(order.lines) as OrderLineRow[], requests, left);
      if (cents > left) throw new ConflictError(say('error.refund.overLeft', { amount: dollars(left) }));
      const requestId = await this.refunds.request(trx, order, cents, at, { origin: 'admin', lines: lines ? JSON.stringify(lines) : null });
      await moveOrderStatus(trx, id, order.status, {
        status: order.status,
        updated_at: at,
        refund_status: 'pending',
        refund_cents: cents,
        refund_attempts: order.refund_attempts + 1,
      });
      const eventId = await insertOrderEvent(trx, {
        order_id: id,
        kind: 'refund',
        status: order.status,
        // The request is named only by the news of its outcome (order-refunds.ts), which the mail follows.
        reason: null,
        by_user_id: admin.id,
        by_name: admin.name,
        at,
      });
      return { order, eventId, requestId };
    });
    await this.announce({ eventId, orderId: id, userId: order.user_id, status: order.status as OrderStatus });
    await this.refunds.carryOut([requestId]);
    return this.get(id, admin);
  }

  /** The refund worker's start (at start-up, then every REFUND_POLL_MS) and its stop on close. */
  startRefunds(): void {
    this.refunds.start();
  }

  stopRefunds(): Promise<void> {
    return this.refunds.close();
  }

  /** Waits until the due refund requests have been asked (tests). */
  refundsIdle(): Promise<void> {
    return this.refunds.idle();
  }

  /** Looks for due refund requests now (tests, and benches that cannot wait for the timer). */
  wakeRefunds(): void {
    this.refunds.wake();
  }

  /**
   * The provider's later word on a refund (Stripe's refund webhook). Answers false when no order
   * of the shop was paid by that intent.
   */
  refundUpdated(transactionId: string, refund: { status: RefundStatus; amountCents: number; refundId?: string }): Promise<boolean> {
    return this.refunds.providerSaid(transactionId, refund);
  }

  /** A card holder's dispute of the order's payment (Stripe's dispute webhook); false when no order was paid by that intent. */
  disputeReported(transactionId: string, dispute: ProviderDispute): Promise<boolean> {
    return recordDispute(this.db, transactionId, dispute, (change) => this.announce(change));
  }

  private async view(row: OrderRow, withBy: boolean): Promise<Order> {
    const [timeline, refunds] = await Promise.all([listTimelines(this.db, [row.id]), this.refundsOf([row])]);
    return toOrder(row, timeline, withBy, refunds.get(row.id));
  }

  /** The refund requests of these orders, read only for those that have had one. */
  private async refundsOf(rows: OrderRow[]): Promise<Map<string, RefundRequestRow[]>> {
    const ids = rows.filter((row) => row.refund_status !== null).map((row) => row.id);
    return groupRefunds(await listRefundRequests(this.db, ids));
  }
}

/** Cents asked back so far: every request but the failed ones (a failed one gave nothing back). */
function askedCents(requests: RefundRequestRow[]): number {
  return requests.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount_cents, 0);
}

function dollars(cents: number): string {
  return `$${formatPrice(centsToPrice(cents))}`;
}

/**
 * What a refund gives back, in cents: the chosen lines at their stored price (each line at most
 * its quantity less what earlier refunds not failed gave back of it), an amount, or all that is left.
 */
function priceRefund(ask: RefundAsk, lines: OrderLineRow[], requests: RefundRequestRow[], left: number): { cents: number; lines?: NonNullable<OrderRefund['lines']> } {
  if ('whole' in ask) return { cents: left };
  if ('amountCents' in ask) return { cents: ask.amountCents };
  const given = new Map<number, number>();
  for (const request of requests) {
    if (request.status === 'failed' || !request.lines) continue;
    for (const line of JSON.parse(request.lines) as NonNullable<OrderRefund['lines']>) given.set(line.lineId, (given.get(line.lineId) ?? 0) + line.quantity);
  }
  const seen = new Set<number>();
  let cents = 0;
  const chosen: NonNullable<OrderRefund['lines']> = [];
  for (const { lineId, quantity } of ask.lines) {
    const line = lines[lineId];
    if (!line) throw new BadRequestError(say('error.refund.noSuchLine', { line: lineId }), { lines: [say('error.refund.noSuchLine', { line: lineId })] });
    if (seen.has(lineId)) throw new BadRequestError(REFUND_TEXTS.lineTwice, { lines: [REFUND_TEXTS.lineTwice] });
    seen.add(lineId);
    const lineLeft = line.quantity - (given.get(lineId) ?? 0);
    if (quantity > lineLeft) throw new ConflictError(say('error.refund.lineOver', { name: line.name, left: Math.max(0, lineLeft) }));
    cents += line.priceCents * quantity;
    chosen.push({ lineId, name: line.name, quantity });
  }
  return { cents, lines: chosen };
}

/** The steps in which an order has a ready time still to come. */
const DELAYABLE: readonly OrderStatus[] = ['accepted', 'preparing'];

/** A move carries what the table says it needs, and nothing it does not. */
function checkWhatTheMoveNeeds(needs: 'readyInMinutes' | 'reason' | undefined, change: StatusChange): void {
  const problems: Record<string, string[]> = {};
  if (needs === 'readyInMinutes' && change.readyInMinutes === undefined) problems.readyInMinutes = ['Say in how many minutes it will be ready'];
  if (needs !== 'readyInMinutes' && change.readyInMinutes !== undefined) problems.readyInMinutes = ['Only accepting an order takes a ready-in time'];
  if (needs === 'reason' && !change.reason) problems.reason = ['Give the customer a reason'];
  if (needs !== 'reason' && change.reason !== undefined) problems.reason = ['Only a rejection or a cancellation takes a reason'];
  const fields = Object.keys(problems);
  if (fields.length > 0) throw new BadRequestError(say('error.order.invalidStatusChange', { fields: fields.join(', ') }), problems);
}
