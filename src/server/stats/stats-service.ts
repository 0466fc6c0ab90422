import type { Kysely } from 'kysely';
import { centsToPrice } from '../../shared/money.ts';
import { FULFILMENT_TYPES, type FulfilmentType, type OrderStatus } from '../../shared/order-workflow.ts';
import { localDate } from '../../shared/shop-time.ts';
import {
  compareFigures,
  daysInRange,
  namedPeriodRange,
  previousRange,
  TOP_DISHES,
  type AdminStats,
  type CustomerSummary,
  type DateRange,
  type DishFigure,
  type Figure,
  type StatsQuery,
} from '../../shared/stats.ts';
import type { Database } from '../db/schema.ts';
import { ordersCsv } from './orders-csv.ts';
import { instantsOf, ShopCalendar } from './shop-calendar.ts';
import {
  countMenuItems,
  hasRecordsBefore,
  readAdminStatistics,
  readCustomerCounts,
  readCustomerTotals,
  readDishSales,
  readFavouriteDish,
  readLastOrder,
  readOrderBuckets,
  readOrderTotals,
  type DishRow,
} from './stats-repository.ts';

const QUARTER = 15 * 60_000;

/** The days a query asks for: its own, or a named period counted back from the restaurant's today. */
export function resolveRange(query: StatsQuery, timeZone: string, now = new Date()): DateRange {
  if (query.period && query.period !== 'custom') return namedPeriodRange(query.period, localDate(now, timeZone));
  return { from: query.from!, to: query.to! };
}

function figure(value: number, previous: number | null): Figure {
  return { value, previous, ...compareFigures(value, previous) };
}

/** Net cents per order kept (not refunded in full), as dollars: 0 without orders. */
const average = (cents: number, orders: number) => (orders === 0 ? 0 : centsToPrice(Math.round(cents / orders)));

/** The statistics of the admin home and the customer's home, from the repository's sums. */
export class StatsService {
  private readonly db: Kysely<Database>;
  /** The restaurant's time zone now: its settings can change it while the shop runs. */
  private readonly timeZone: () => string;
  /** The names of the settings' tax rates now: the export's tax columns. */
  private readonly taxRateNames: () => string[];

  constructor(db: Kysely<Database>, timeZone: () => string, taxRateNames: () => string[] = () => []) {
    this.db = db;
    this.timeZone = timeZone;
    this.taxRateNames = taxRateNames;
  }

  /** The spec's GET /api/admin-statistics: the counts and the revenue of all time. */
  adminStatistics(): ReturnType<typeof readAdminStatistics> {
    return readAdminStatistics(this.db);
  }

  async adminStats(range: DateRange, now = new Date()): Promise<AdminStats> {
    const zone = this.timeZone();
    const previous = previousRange(range);
    const current = instantsOf(range, zone);
    const before = instantsOf(previous, zone);
    const [buckets, earlier, dishes, customers, menuItems, comparable] = await Promise.all([
      readOrderBuckets(this.db, current.start, current.end),
      readOrderTotals(this.db, before.start, before.end),
      readDishSales(this.db, current.start, current.end),
      readCustomerCounts(this.db, [current, before]),
      countMenuItems(this.db),
      hasRecordsBefore(this.db, current.start),
    ]);

    const calendar = new ShopCalendar(range.from, range.to, zone);
    const granularity = range.from === range.to ? 'hour' : 'day';
    const series = granularity === 'day' ? dailySlots(calendar) : hourlySlots(calendar);
    const busiestHours = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
    const byType = new Map<FulfilmentType, { orders: number; cents: number }>(FULFILMENT_TYPES.map((t) => [t, { orders: 0, cents: 0 }]));
    // Orders, revenue and average over one set: the orders not refunded in full, net of refunds.
    const totals = { orders: 0, paidCents: 0, refundedCents: 0, refundedOrders: 0, taxCents: 0, tipCents: 0, discountCents: 0 };
    for (const bucket of buckets) {
      const instant = Date.parse(`${bucket.hour}:00:00.000Z`) + bucket.quarter * QUARTER;
      const place = calendar.locate(instant);
      if (place.day < 0) continue;
      const netCents = bucket.paidCents - bucket.refundedCents;
      const slot = series.slotOf(place.day, instant);
      slot.cents += netCents;
      slot.orders += bucket.keptOrders;
      // The busiest hours show the kitchen's work: every order placed, refunded later or not.
      busiestHours[place.weekday]![place.hour]! += bucket.orders;
      const type = byType.get(bucket.fulfilment as FulfilmentType);
      if (type) {
        type.orders += bucket.keptOrders;
        type.cents += netCents;
      }
      totals.orders += bucket.keptOrders;
      totals.paidCents += bucket.paidCents;
      totals.refundedCents += bucket.refundedCents;
      totals.refundedOrders += bucket.refundedOrders;
      totals.taxCents += bucket.taxCents;
      totals.tipCents += bucket.tipCents;
      totals.discountCents += bucket.discountCents;
    }

    const had = (value: number) => (comparable ? value : null);
    const dishList = netDishes(dishes.sold, dishes.refunded);
    return {
      period: { ...range, days: daysInRange(range) },
      previous,
      timeZone: zone,
      today: localDate(now, zone),
      comparable,
      tiles: {
        revenue: figure(centsToPrice(totals.paidCents - totals.refundedCents), had(centsToPrice(earlier.paidCents - earlier.refundedCents))),
        orders: figure(totals.orders, had(earlier.orders)),
        averageOrder: figure(
          average(totals.paidCents - totals.refundedCents, totals.orders),
          had(average(earlier.paidCents - earlier.refundedCents, earlier.orders)),
        ),
        newCustomers: figure(customers.signedUp[0]!, had(customers.signedUp[1]!)),
        refunds: figure(centsToPrice(totals.refundedCents), had(centsToPrice(earlier.refundedCents))),
        tax: figure(centsToPrice(totals.taxCents), had(centsToPrice(earlier.taxCents))),
        tips: figure(centsToPrice(totals.tipCents), had(centsToPrice(earlier.tipCents))),
        discounts: figure(centsToPrice(totals.discountCents), had(centsToPrice(earlier.discountCents))),
      },
      refundedOrders: totals.refundedOrders,
      customers: customers.all,
      menuItems,
      granularity,
      series: series.slots.map((s) => ({ start: new Date(s.start).toISOString(), label: s.label, revenue: centsToPrice(s.cents), orders: s.orders })),
      topDishesByQuantity: top(dishList, (d) => d.quantity),
      topDishesByRevenue: top(dishList, (d) => d.revenue),
      fulfilment: [...byType].map(([type, t]) => ({ type, orders: t.orders, revenue: centsToPrice(t.cents) })),
      busiestHours,
    };
  }

  /** The period's orders as CSV lines, read in batches (orders-csv.ts). */
  ordersCsv(range: DateRange): AsyncGenerator<string> {
    return ordersCsv(this.db, range, this.timeZone(), this.taxRateNames());
  }

  /** A customer's own figures for their home. */
  async customerSummary(userId: string): Promise<CustomerSummary> {
    const [totals, favourite, last] = await Promise.all([
      readCustomerTotals(this.db, userId),
      readFavouriteDish(this.db, userId),
      readLastOrder(this.db, userId),
    ]);
    return {
      orders: totals.orders,
      refundedOrders: totals.refundedOrders,
      spent: centsToPrice(totals.paidCents - totals.refundedCents),
      favouriteDish: favourite ?? null,
      lastOrder: last
        ? { _id: last.id, number: Number(last.number), status: last.status as OrderStatus, total: centsToPrice(last.total_cents), createdAt: last.created_at }
        : null,
    };
  }
}

interface Slot {
  start: number;
  label: string;
  cents: number;
  orders: number;
}

/** One slot per local day. */
function dailySlots(calendar: ShopCalendar) {
  const slots: Slot[] = calendar.days.map((d) => ({ start: d.start, label: d.date, cents: 0, orders: 0 }));
  return { slots, slotOf: (day: number, _instant: number) => slots[day]! };
}

/**
 * One slot per hour of the (single) local day as its clock shows them: 23 on the day the clocks
 * go forward, 25 on the day they go back, when the repeated hour comes twice ("02:00 (again)").
 */
function hourlySlots(calendar: ShopCalendar) {
  const slots: Slot[] = [];
  let previousKey = '';
  for (let t = calendar.start; t < calendar.end; t += QUARTER) {
    const place = calendar.locate(t);
    const key = `${place.hour}/${place.offset}`;
    if (key === previousKey) continue;
    previousKey = key;
    const label = `${String(place.hour).padStart(2, '0')}:00`;
    slots.push({ start: t, label: slots.some((s) => s.label === label) ? `${label} (again)` : label, cents: 0, orders: 0 });
  }
  return {
    slots,
    slotOf: (_day: number, instant: number) => {
      let i = slots.length - 1;
      while (i > 0 && slots[i]!.start > instant) i--;
      return slots[i]!;
    },
  };
}

/** Each dish's sales less its refunded ones, in dollars. */
function netDishes(sold: DishRow[], refunded: DishRow[]): DishFigure[] {
  const back = new Map(refunded.map((d) => [d.itemId, d]));
  return sold
    .map((d) => {
      const r = back.get(d.itemId);
      return { itemId: d.itemId, name: d.name, quantity: d.quantity - (r?.quantity ?? 0), revenue: centsToPrice(d.cents - (r?.cents ?? 0)) };
    })
    .filter((d) => d.quantity > 0);
}

/** The first by `by`; a tie goes to the dish that brought more money, then more plates, then by name. */
function top(dishes: DishFigure[], by: (d: DishFigure) => number): DishFigure[] {
  return [...dishes]
    .sort((a, b) => by(b) - by(a) || b.revenue - a.revenue || b.quantity - a.quantity || a.name.localeCompare(b.name))
    .slice(0, TOP_DISHES);
}
