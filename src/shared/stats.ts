import { z } from 'zod';
import { FULFILMENT_TYPES, ORDER_STATUSES } from './order-workflow.ts';
import { rangeProblem, STATS_PERIODS } from './stats-periods.ts';

export * from './stats-periods.ts';

/**
 * GET /api/admin-statistics (docs/product.md §3): counts, and revenue in dollars (two decimals).
 * `users` counts customers only: administrators and staff are not the restaurant's customers.
 */
export const adminStatisticsSchema = z.object({
  users: z.number().int(),
  estimatedItems: z.number().int(),
  revenue: z.number(),
  orders: z.number().int(),
});
export type AdminStatistics = z.infer<typeof adminStatisticsSchema>;

/**
 * GET /api/admin/stats and GET /api/admin/orders.csv: the restaurant's local days `from` to `to`
 * (both included), or a named period (`period`) that the server resolves with the restaurant's
 * clock, so that a bookmarked "last 7 days" stays the last seven days.
 */
export const statsQuerySchema = z
  .object({
    period: z.enum(STATS_PERIODS).optional(),
    from: z.string().max(10).optional(),
    to: z.string().max(10).optional(),
  })
  .superRefine((query, ctx) => {
    if (query.period && query.period !== 'custom') {
      if (query.from !== undefined || query.to !== undefined) ctx.addIssue({ code: 'custom', path: ['period'], message: 'Give a period or days, not both' });
      return;
    }
    if (query.from === undefined || query.to === undefined) {
      ctx.addIssue({ code: 'custom', path: [query.from === undefined ? 'from' : 'to'], message: 'Give both days as YYYY-MM-DD' });
      return;
    }
    const problem = rangeProblem({ from: query.from, to: query.to });
    if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
  });
export type StatsQuery = z.infer<typeof statsQuerySchema>;

const rangeSchema = z.object({ from: z.string(), to: z.string() });

/** A tile's figure with its change against the previous period (null: no earlier data). */
export const figureSchema = z.object({
  value: z.number(),
  previous: z.number().nullable(),
  difference: z.number().nullable(),
  /** Whole percent of the previous figure; null when that was 0 or there is none. */
  percent: z.number().int().nullable(),
});
export type Figure = z.infer<typeof figureSchema>;

export const dishFigureSchema = z.object({
  itemId: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** Dollars. */
  revenue: z.number(),
});
export type DishFigure = z.infer<typeof dishFigureSchema>;

export const adminStatsSchema = z.object({
  period: rangeSchema.extend({ days: z.number().int() }),
  previous: rangeSchema,
  timeZone: z.string(),
  /** The restaurant's today, for the picker's custom range. */
  today: z.string(),
  /** False when nothing was recorded before the period: its figures have nothing to compare with. */
  comparable: z.boolean(),
  tiles: z.object({
    /** Dollars paid, less refunds. */
    revenue: figureSchema,
    orders: figureSchema,
    /** Dollars paid per order, before refunds. */
    averageOrder: figureSchema,
    /** Customers who signed up in the period (administrators and staff are not customers). */
    newCustomers: figureSchema,
    /** Dollars refunded (or on their way back). */
    refunds: figureSchema,
  }),
  refundedOrders: z.number().int(),
  /** Every customer the shop has now. */
  customers: z.number().int(),
  /** Dishes on the menu now. */
  menuItems: z.number().int(),
  /** A single day is drawn per hour, a longer period per day. */
  granularity: z.enum(['hour', 'day']),
  series: z.array(
    z.object({
      /** The bucket's first instant (ISO, UTC). */
      start: z.string(),
      /** The restaurant's day (YYYY-MM-DD) or hour (HH:00). */
      label: z.string(),
      revenue: z.number(),
      orders: z.number().int(),
    }),
  ),
  topDishesByQuantity: z.array(dishFigureSchema),
  topDishesByRevenue: z.array(dishFigureSchema),
  fulfilment: z.array(z.object({ type: z.enum(FULFILMENT_TYPES), orders: z.number().int(), revenue: z.number() })),
  /** Orders per weekday (Monday first) and local hour (0–23). */
  busiestHours: z.array(z.array(z.number().int()).length(24)).length(7),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** GET /api/orders/summary: the signed-in caller's own figures, for their home. */
export const customerSummarySchema = z.object({
  orders: z.number().int(),
  /** Dollars paid, less refunds. */
  spent: z.number(),
  favouriteDish: z.object({ itemId: z.string(), name: z.string(), quantity: z.number().int() }).nullable(),
  lastOrder: z
    .object({
      _id: z.string(),
      number: z.number().int(),
      status: z.enum(ORDER_STATUSES),
      total: z.number(),
      createdAt: z.string(),
    })
    .nullable(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;
