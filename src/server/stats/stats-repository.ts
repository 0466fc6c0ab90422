import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * All SQL of the statistics. Instants are ISO text in UTC on both engines (users' on PostgreSQL a
 * timestamptz, compared with the same ISO text), so a period is a range of text; the restaurant's
 * days and hours are made in the service from UTC quarter hours (docs/decisions/0019-statistics.md).
 */
type Db = Kysely<Database>;

/**
 * Cents refunded of an order: what the provider confirmed, of every refund, whole or partial
 * (orders.refunded_cents, kept by orders/order-refunds.ts; see REFUND_STATES_COUNTED).
 */
const refundedCents = sql<number>`refunded_cents`;
const refundedOne = sql<number>`case when refunded_cents > 0 then 1 else 0 end`;
/** An order given back in full: its dishes count as not sold. A partial refund leaves them sold. */
const refundedInFull = sql<boolean>`orders.refunded_cents > 0 and orders.refunded_cents >= orders.total_cents`;
/**
 * 1 for an order that still counts: not given back in full. The orders tile, the average and the
 * charts count these, over the same set as the revenue net of refunds (a partial refund stays counted).
 */
const keptOne = sql<number>`case when ${refundedInFull} then 0 else 1 end`;

/** The admin's four figures, counted and summed by the database in one query. */
export async function readAdminStatistics(
  db: Db,
): Promise<{ customers: number; menuItems: number; orders: number; revenueCents: number }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('users').select(eb.fn.countAll<number>().as('n')).where('role', '=', 'user').as('customers'),
      eb.selectFrom('menu_items').select(eb.fn.countAll<number>().as('n')).as('menuItems'),
      eb.selectFrom('payments').select(eb.fn.countAll<number>().as('n')).as('orders'),
      eb
        .selectFrom('payments')
        .select((sub) => sub.fn.coalesce(sub.fn.sum<number>('price_cents'), sub.lit(0)).as('n'))
        .as('revenueCents'),
    ])
    .executeTakeFirstOrThrow();
  return {
    customers: Number(row.customers),
    menuItems: Number(row.menuItems),
    orders: Number(row.orders),
    revenueCents: Number(row.revenueCents),
  };
}

export interface OrderBucketRow {
  /** "YYYY-MM-DDTHH" of the UTC hour. */
  hour: string;
  /** Quarter of that hour, 0–3: every zone's offset is a whole number of quarter hours. */
  quarter: number;
  fulfilment: string;
  /** Orders placed, refunded or not: how busy the kitchen was. */
  orders: number;
  /** Orders not refunded in full: the ones the net revenue is made of. */
  keptOrders: number;
  paidCents: number;
  refundedCents: number;
  refundedOrders: number;
  /** The tax inside paidCents (migration 027). */
  taxCents: number;
  /** The tips inside paidCents (migration 029). */
  tipCents: number;
  /** Promo codes' discounts granted (promo41). */
  discountCents: number;
}

/** Orders placed in [start, end), summed per UTC quarter hour and way of fulfilment. */
export async function readOrderBuckets(db: Db, start: string, end: string): Promise<OrderBucketRow[]> {
  const rows = await db
    .selectFrom('orders')
    .select([
      sql<string>`substr(created_at, 1, 13)`.as('hour'),
      sql<number>`cast(substr(created_at, 15, 2) as integer) / 15`.as('quarter'),
      'fulfilment_type as fulfilment',
      (eb) => eb.fn.countAll<number>().as('orders'),
      sql<number>`sum(${keptOne})`.as('keptOrders'),
      (eb) => eb.fn.sum<number>('total_cents').as('paidCents'),
      sql<number>`sum(${refundedCents})`.as('refundedCents'),
      sql<number>`sum(${refundedOne})`.as('refundedOrders'),
      (eb) => eb.fn.sum<number>('tax_cents').as('taxCents'),
      (eb) => eb.fn.sum<number>('tip_cents').as('tipCents'),
      (eb) => eb.fn.sum<number>('discount_cents').as('discountCents'),
    ])
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .groupBy(['hour', 'quarter', 'fulfilment_type'])
    .execute();
  return rows.map((r) => ({
    hour: r.hour,
    quarter: Number(r.quarter),
    fulfilment: r.fulfilment,
    orders: Number(r.orders),
    keptOrders: Number(r.keptOrders),
    paidCents: Number(r.paidCents),
    refundedCents: Number(r.refundedCents),
    refundedOrders: Number(r.refundedOrders),
    taxCents: Number(r.taxCents),
    tipCents: Number(r.tipCents),
    discountCents: Number(r.discountCents),
  }));
}

export interface OrderTotals {
  orders: number;
  paidCents: number;
  refundedCents: number;
  /** The tax inside paidCents (migration 027), before refunds. */
  taxCents: number;
  /** The tips inside paidCents (migration 029), before refunds. */
  tipCents: number;
  discountCents: number;
}

/** Orders placed in [start, end) and not refunded in full (keptOne), with their money paid and refunded. */
export async function readOrderTotals(db: Db, start: string, end: string): Promise<OrderTotals> {
  const row = await db
    .selectFrom('orders')
    .select([
      sql<number>`coalesce(sum(${keptOne}), 0)`.as('orders'),
      (eb) => eb.fn.coalesce(eb.fn.sum<number>('total_cents'), eb.lit(0)).as('paidCents'),
      sql<number>`coalesce(sum(${refundedCents}), 0)`.as('refundedCents'),
      (eb) => eb.fn.coalesce(eb.fn.sum<number>('tax_cents'), eb.lit(0)).as('taxCents'),
      (eb) => eb.fn.coalesce(eb.fn.sum<number>('tip_cents'), eb.lit(0)).as('tipCents'),
      (eb) => eb.fn.coalesce(eb.fn.sum<number>('discount_cents'), eb.lit(0)).as('discountCents'),
    ])
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .executeTakeFirstOrThrow();
  return {
    orders: Number(row.orders),
    paidCents: Number(row.paidCents),
    refundedCents: Number(row.refundedCents),
    taxCents: Number(row.taxCents),
    tipCents: Number(row.tipCents),
    discountCents: Number(row.discountCents),
  };
}

export interface DishRow {
  itemId: string;
  name: string;
  quantity: number;
  cents: number;
}

const toDish = (r: { itemId: string; name: string; quantity: number | string; cents: number | string }): DishRow => ({
  itemId: r.itemId,
  name: r.name,
  quantity: Number(r.quantity),
  cents: Number(r.cents),
});

/**
 * Every dish sold in [start, end) with its quantity and cents, from the lines' own index, and
 * apart the same of the orders refunded in full in that time, to take off: refunded orders are few, and
 * leaving them out by a join would look up every line's order.
 */
export async function readDishSales(db: Db, start: string, end: string): Promise<{ sold: DishRow[]; refunded: DishRow[] }> {
  const sums = [
    'order_lines.item_id as itemId',
    sql<string>`max(order_lines.name)`.as('name'),
    sql<number>`sum(order_lines.quantity)`.as('quantity'),
    sql<number>`sum(order_lines.quantity * order_lines.unit_cents)`.as('cents'),
  ] as const;
  const [sold, refunded] = await Promise.all([
    db
      .selectFrom('order_lines')
      .select(sums)
      .where('order_lines.created_at', '>=', start)
      .where('order_lines.created_at', '<', end)
      .groupBy('order_lines.item_id')
      .execute(),
    db
      .selectFrom('orders')
      .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
      .select(sums)
      .where('orders.created_at', '>=', start)
      .where('orders.created_at', '<', end)
      .where(refundedInFull)
      .groupBy('order_lines.item_id')
      .execute(),
  ]);
  return { sold: sold.map(toDish), refunded: refunded.map(toDish) };
}

/** Customers (not administrators, not staff) in all, and those who signed up in each range. */
export async function readCustomerCounts(
  db: Db,
  ranges: Array<{ start: string; end: string }>,
): Promise<{ all: number; signedUp: number[] }> {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<number>().as('all'),
      ...ranges.map(({ start, end }, i) =>
        sql<number>`coalesce(sum(case when created_at >= ${start} and created_at < ${end} then 1 else 0 end), 0)`.as(`r${i}`),
      ),
    ])
    .where('role', '=', 'user')
    .executeTakeFirstOrThrow();
  const values = row as unknown as Record<string, number | string>;
  return { all: Number(values.all), signedUp: ranges.map((_, i) => Number(values[`r${i}`])) };
}

export async function countMenuItems(db: Db): Promise<number> {
  const row = await db.selectFrom('menu_items').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether any order was placed, or any customer signed up, before `instant`. */
export async function hasRecordsBefore(db: Db, instant: string): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('orders').select('id').where('created_at', '<', instant)).as('orders'),
      eb.exists(eb.selectFrom('users').select('id').where('role', '=', 'user').where('created_at', '<', instant)).as('customers'),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(row.orders) || Boolean(row.customers);
}

export interface ExportOrderRow {
  id: string;
  number: number;
  status: string;
  fulfilment_type: string;
  /** JSON: TaxSummary (src/shared/order-totals.ts); null without taxes (migration 027). */
  taxes: string | null;
  lines: string;
  total_cents: number;
  delivery_fee_cents: number;
  /** The tip inside total_cents (migration 029). */
  tip_cents: number;
  refunded_cents: number;
  refunds_made: number;
  discount_cents: number;
  promo_code: string | null;
  created_at: string;
}

/**
 * One batch of the export: orders placed in [start, end) after the (created_at, number) of the
 * last one already written, in that order. Keyset, not offset: each batch starts from the index
 * (orders_created_number_idx), so a year costs the same per batch as a day.
 */
export async function readOrdersAfter(
  db: Db,
  range: { start: string; end: string },
  after: { createdAt: string; number: number } | undefined,
  limit: number,
): Promise<ExportOrderRow[]> {
  let query = db
    .selectFrom('orders')
    .select(['id', 'number', 'status', 'fulfilment_type', 'lines', 'total_cents', 'delivery_fee_cents', 'tip_cents', 'refunded_cents', 'refunds_made', 'taxes', 'discount_cents', 'promo_code', 'created_at'])
    .where('created_at', '<', range.end);
  query = after
    ? query
        .where('created_at', '>=', after.createdAt)
        .where((eb) => eb.or([eb('created_at', '>', after.createdAt), eb('number', '>', after.number)]))
    : query.where('created_at', '>=', range.start);
  return query.orderBy('created_at').orderBy('number').limit(limit).execute();
}

/**
 * A customer's own orders, counted over the statistics' set (not refunded in full) with those
 * refunded in full apart, and their money paid and refunded.
 */
export async function readCustomerTotals(db: Db, userId: string): Promise<Omit<OrderTotals, 'taxCents' | 'tipCents' | 'discountCents'> & { refundedOrders: number }> {
  const row = await db
    .selectFrom('orders')
    .select([
      sql<number>`coalesce(sum(${keptOne}), 0)`.as('orders'),
      sql<number>`coalesce(sum(case when ${refundedInFull} then 1 else 0 end), 0)`.as('refundedOrders'),
      (eb) => eb.fn.coalesce(eb.fn.sum<number>('total_cents'), eb.lit(0)).as('paidCents'),
      sql<number>`coalesce(sum(${refundedCents}), 0)`.as('refundedCents'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { orders: Number(row.orders), refundedOrders: Number(row.refundedOrders), paidCents: Number(row.paidCents), refundedCents: Number(row.refundedCents) };
}

/** The dish a customer has had most of (orders refunded in full left out); the latest had wins a tie. */
export async function readFavouriteDish(db: Db, userId: string): Promise<{ itemId: string; name: string; quantity: number } | undefined> {
  const row = await db
    .selectFrom('orders')
    .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
    .select([
      'order_lines.item_id as itemId',
      sql<string>`max(order_lines.name)`.as('name'),
      sql<number>`sum(order_lines.quantity)`.as('quantity'),
      sql<string>`max(order_lines.created_at)`.as('last'),
    ])
    .where('orders.user_id', '=', userId)
    .where(sql<boolean>`not (${refundedInFull})`)
    .groupBy('order_lines.item_id')
    .orderBy('quantity', 'desc')
    .orderBy('last', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { itemId: row.itemId, name: row.name, quantity: Number(row.quantity) } : undefined;
}

/** A customer's newest order. */
export async function readLastOrder(db: Db, userId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'number', 'status', 'total_cents', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
}
