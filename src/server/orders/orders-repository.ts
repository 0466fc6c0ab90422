import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import { compiledOnce } from '../db/statements-made-once.ts';
import { textParameter } from '../db/typed-parameters.ts';
import type { DbKind } from '../db/database.ts';
import { noticeInStatement } from '../events/event-bus.ts';
import type { Database, OrderEventsTable, OrdersTable } from '../db/schema.ts';
import type { ChosenGroup } from '../../shared/dish-option-rules.ts';

export type OrderRow = Selectable<OrdersTable>;
export type OrderEventRow = Selectable<OrderEventsTable>;
type Db = Kysely<Database> | Transaction<Database>;
/** The events an order's view is made of (order-view.ts): its steps, and its disputes (staff see them). */
const TIMELINE_KINDS: Array<OrderEventsTable['kind']> = ['status', 'dispute'];

/** One line of an order as paid (stored as JSON in orders.lines). */
export interface OrderLineRow {
  itemId: string;
  name: string;
  /** The unit price with the options. */
  priceCents: number;
  quantity: number;
  /** The chosen options with their prices as paid; absent without options. */
  options?: ChosenGroup[];
}

/**
 * Appends to an order's timeline and answers the event's id. The 'order_event' counter row is
 * updated first and stays locked until commit, so transactions that write events commit one after
 * the other, in the order of their ids: a stream that has seen id N has seen every id below it
 * (docs/decisions/0017-orders.md). Every event-writing transaction calls this before it touches
 * an existing order's row, so two of them never wait on each other in opposite order.
 */
export async function lockOrderEvents(trx: Transaction<Database>): Promise<void> {
  await orderEventsLocked(trx);
}

// The statements of a payment's path are compiled once (db/statements-made-once.ts).
const orderEventsLocked = compiledOnce((db) =>
  db
    .updateTable('order_counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', 'order_event'),
);

/**
 * The next order number. The counter row stays locked until the transaction ends, so two
 * placements never get the same number, on either engine, from any number of processes.
 */
const orderNumberTaken = compiledOnce((db) =>
  db
    .updateTable('order_counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', 'order_number')
    .returning('value'),
);

export async function insertOrderEvent(trx: Transaction<Database>, row: Insertable<OrderEventsTable>): Promise<number> {
  const [inserted] = (await orderEventInsert(trx, row)).rows;
  return Number(inserted!.id);
}

const orderEventInsert = compiledOnce((db, row: Insertable<OrderEventsTable>) => db.insertInto('order_events').values(row).returning('id'));

const orderInsert = compiledOnce((db, row: OrderRow) => db.insertInto('orders').values(row));

/** The order's lines, one row each, for the statistics (docs/decisions/0019-statistics.md). */
const orderLinesInsert = compiledOnce((db, rows: ReturnType<typeof orderLineRows>) => db.insertInto('order_lines').values(rows));

const orderLineRows = (orderId: string, createdAt: string, lines: OrderLineRow[]) =>
  lines.map((line, position) => ({
    order_id: orderId,
    position,
    item_id: line.itemId,
    name: line.name,
    unit_cents: line.priceCents,
    quantity: line.quantity,
    options: line.options ? JSON.stringify(line.options) : null,
    created_at: createdAt,
  }));

/** A new order without its number, which its placement takes. */
export type NewOrderRow = Omit<OrderRow, 'number'>;

/**
 * Places a new order: takes the events' counter row, then the order number's (both locked until the
 * transaction ends: decision 0017), inserts the order, its lines and its first event. On
 * PostgreSQL it is one statement, the last before COMMIT (decision 0036), so the locks are held
 * for one round trip; `exists` and the selects force the lock order inside it. `announced`: there
 * the statement also sends `order.changed` (noticeInStatement); on SQLite the caller publishes it.
 */
export async function insertNewOrder(
  trx: Transaction<Database>,
  kind: DbKind,
  order: NewOrderRow,
  lines: OrderLineRow[],
  event: Insertable<OrderEventsTable>,
): Promise<{ eventId: number; number: number; announced: boolean }> {
  if (kind === 'sqlite') {
    await orderEventsLocked(trx);
    const number = Number((await orderNumberTaken(trx)).rows[0]!.value);
    await orderInsert(trx, { ...order, number });
    if (lines.length > 0) await orderLinesInsert(trx, orderLineRows(order.id, order.created_at, lines));
    return { eventId: await insertOrderEvent(trx, event), number, announced: false };
  }
  const [row] = (await newOrderPlaced(trx, order, lines.length > 0 ? orderLineRows(order.id, order.created_at, lines) : undefined, event)).rows;
  return { eventId: Number(row!.id), number: Number(row!.number), announced: true };
}

/**
 * The counters' locks, the order and its lines (none for an order without, a shape of its own to
 * compiledOnce), as the WITH of the one PostgreSQL statement that places it (see insertNewOrder).
 */
const placementWith = (db: Db, order: NewOrderRow, lines: ReturnType<typeof orderLineRows> | undefined) => {
  const placement = db
    .with('events_locked', (wdb) =>
      wdb
        .updateTable('order_counters')
        .set((eb) => ({ value: eb('value', '+', 1) }))
        .where('name', '=', 'order_event')
        .returning('value'),
    )
    .with('taken', (wdb) =>
      wdb
        .updateTable('order_counters')
        .set((eb) => ({ value: eb('value', '+', 1) }))
        .where('name', '=', 'order_number')
        .where((eb) => eb.exists(eb.selectFrom('events_locked').select('value')))
        .returning('value'),
    )
    .with('new_order', (wdb) => wdb.insertInto('orders').values({ ...order, number: (eb) => eb.selectFrom('taken').select('value') }));
  // Nothing reads the lines' WITH: its type is left out, so both shapes build on one type.
  return lines ? (placement.with('new_lines', (wdb) => wdb.insertInto('order_lines').values(lines)) as unknown as typeof placement) : placement;
};

/** The event's values, to be selected from the number's row (its columns are all text: a parameter in a SELECT needs its type). */
const eventValues = (event: Insertable<OrderEventsTable>) =>
  [
    textParameter(event.order_id).as('order_id'),
    textParameter(event.kind).as('kind'),
    textParameter(event.status).as('status'),
    textParameter(event.reason ?? null).as('reason'),
    textParameter(event.by_user_id ?? null).as('by_user_id'),
    textParameter(event.by_name ?? null).as('by_name'),
    textParameter(event.at).as('at'),
  ] as const;

const EVENT_COLUMNS = ['order_id', 'kind', 'status', 'reason', 'by_user_id', 'by_name', 'at'] as const;

/**
 * The whole placement on PostgreSQL: the first event, selected from the number's row, and what the
 * statement answers: the event's id, the order's number, and the order's `order.changed` notice
 * (the payload of OrderChange in order-service.ts), sent once the event's id is known.
 */
const newOrderPlaced = compiledOnce((db, order: NewOrderRow, lines: ReturnType<typeof orderLineRows> | undefined, event: Insertable<OrderEventsTable>) =>
  placementWith(db, order, lines)
    .with('new_event', (wdb) =>
      wdb
        .insertInto('order_events')
        .columns(EVENT_COLUMNS)
        .expression((eb) => eb.selectFrom('taken').select(eventValues(event)))
        .returning('id'),
    )
    .selectFrom('new_event')
    .select((eb) => [
      'new_event.id',
      eb.selectFrom('taken').select('value').as('number'),
      noticeInStatement(
        'order.changed',
        sql`json_build_object('eventId', new_event.id, 'orderId', ${textParameter(order.id)}, 'userId', ${textParameter(order.user_id)}, 'status', ${textParameter(event.status)})`,
      ).as('notified'),
    ]),
);

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findOrderByTransaction(db: Db, transactionId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('transaction_id', '=', transactionId).executeTakeFirst();
}

/** The timelines of these orders (status changes, and disputes for staff), oldest first. */
export async function listTimelines(db: Db, orderIds: string[]): Promise<OrderEventRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_events')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .where('kind', 'in', TIMELINE_KINDS)
    .orderBy('id')
    .execute();
}

/** A customer's own orders, newest first, one page. */
export async function listOrdersOfUser(db: Db, userId: string, limit: number, offset: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('number', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countOrdersOfUser(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The board: orders placed in [start, end), and orders for a later slot in it placed before (their
 * place in slot_holds, migration 017, matched by the order's transaction), oldest first, with their timelines. ISO instants: the text
 * compares in time order, as every timestamp is written by toISOString.
 */
export async function listOrdersPlacedBetween(
  db: Db,
  start: string,
  end: string,
  status: string | undefined,
): Promise<{ orders: OrderRow[]; timelines: OrderEventRow[] }> {
  // Any hold of a placed order, its place kept or given back (a cancelled order stays on its slot's day).
  const scheduledIn = db.selectFrom('slot_holds').select('intent_id').where('slot_at', '>=', start).where('slot_at', '<', end);
  let orders = db
    .selectFrom('orders')
    .selectAll()
    .where((eb) => eb.or([eb.and([eb('created_at', '>=', start), eb('created_at', '<', end)]), eb('transaction_id', 'in', scheduledIn)]));
  if (status) orders = orders.where('status', '=', status);
  let timelines = db
    .selectFrom('order_events')
    .innerJoin('orders', 'orders.id', 'order_events.order_id')
    .selectAll('order_events')
    .where((eb) => eb.or([eb.and([eb('orders.created_at', '>=', start), eb('orders.created_at', '<', end)]), eb('orders.transaction_id', 'in', scheduledIn)]))
    .where('order_events.kind', 'in', TIMELINE_KINDS);
  if (status) timelines = timelines.where('orders.status', '=', status);
  const [orderRows, timelineRows] = await Promise.all([
    orders.orderBy('created_at').orderBy('number').execute(),
    timelines.orderBy('order_events.id').execute(),
  ]);
  return { orders: orderRows, timelines: timelineRows };
}

/**
 * Moves an order only if it is still in `from`: of two staff pressing at once, the second
 * changes no row (and gets a 409).
 */
export async function moveOrderStatus(
  trx: Transaction<Database>,
  id: string,
  from: string,
  changes: Pick<OrderRow, 'status' | 'updated_at'> & Partial<Pick<OrderRow, 'ready_by' | 'reason' | 'refund_status' | 'refund_cents' | 'refund_attempts'>>,
): Promise<number> {
  const result = await trx.updateTable('orders').set(changes).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A later ready time, only if the order is still in that step with that time (zero rows: someone was first). */
export async function pushBackReadyTime(trx: Transaction<Database>, id: string, status: string, readyBy: string, newReadyBy: string, at: string): Promise<number> {
  const result = await trx
    .updateTable('orders')
    .set({ ready_by: newReadyBy, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', status)
    .where('ready_by', '=', readyBy)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The order read to refund it, its row locked until the transaction ends on PostgreSQL (SQLite has
 * one writer, and the caller holds it): two refunds of one order are checked one after the other.
 */
export async function findOrderLocked(trx: Transaction<Database>, kind: DbKind, id: string): Promise<OrderRow | undefined> {
  const query = trx.selectFrom('orders').selectAll().where('id', '=', id);
  return (kind === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * The order's refunds as its requests stand: the newest one's status and amount (what the board's
 * "Retry refund" is about), and what the provider confirmed, summed and counted (the statistics').
 */
export async function setOrderRefunds(
  trx: Transaction<Database>,
  id: string,
  refunds: { status: string | null; cents: number | null; refundedCents: number; made: number; updatedAt: string },
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ refund_status: refunds.status, refund_cents: refunds.cents, refunded_cents: refunds.refundedCents, refunds_made: refunds.made, updated_at: refunds.updatedAt })
    .where('id', '=', id)
    .execute();
}

/** The newest event id, or 0 before the first. */
export async function lastOrderEventId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('order_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Events after `afterId`, in id order, each with the id of its order and the order's customer. */
export async function listEventsAfter(
  db: Db,
  afterId: number,
  limit: number,
): Promise<Array<{ id: number; orderId: string; userId: string | null; status: string }>> {
  const rows = await db
    .selectFrom('order_events')
    .innerJoin('orders', 'orders.id', 'order_events.order_id')
    .select(['order_events.id as id', 'order_events.order_id as orderId', 'orders.user_id as userId', 'orders.status as status'])
    .where('order_events.id', '>', afterId)
    .orderBy('order_events.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/**
 * A reconnecting stream's catch-up: each order changed after `afterId` once, with its newest event
 * id, in that id's order; only the customer's own orders when `userId` is given, one order with `orderId`.
 */
export async function listOrdersChangedAfter(
  db: Db,
  afterId: number,
  userId: string | null,
  limit: number,
  orderId?: string,
): Promise<Array<{ orderId: string; eventId: number }>> {
  let query = db
    .selectFrom('order_events')
    .innerJoin('orders', 'orders.id', 'order_events.order_id')
    .select(['order_events.order_id as orderId', sql<number>`max(order_events.id)`.as('eventId')])
    .where('order_events.id', '>', afterId)
    .groupBy('order_events.order_id');
  if (userId !== null) query = query.where('orders.user_id', '=', userId);
  if (orderId !== undefined) query = query.where('order_events.order_id', '=', orderId);
  const rows = await query.orderBy('eventId').limit(limit).execute();
  return rows.map((r) => ({ orderId: r.orderId, eventId: Number(r.eventId) }));
}

export async function findOrders(db: Db, ids: string[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('orders').selectAll().where('id', 'in', ids).execute();
}

/** One entry of the event log, by its id. */
export async function findOrderEvent(db: Db, id: number): Promise<OrderEventRow | undefined> {
  return db.selectFrom('order_events').selectAll().where('id', '=', id).executeTakeFirst();
}
