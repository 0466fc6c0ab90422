import { z } from 'zod';
import { FULFILMENT_TYPES, ORDER_STATUSES } from './order-workflow.ts';
import { rangeProblem, STATS_PERIODS } from './stats-periods.ts';

export * from './stats-periods.ts';

/** `users` counts customers only: administrators and staff are not the restaurant's customers. */
export const adminStatisticsSchema = z.object({
  users: z.number().int(),
  estimatedItems: z.number().int(),
  revenue: z.number(),
  orders: z.number().int(),
});
export type AdminStatistics = z.infer<typeof adminStatisticsSchema>;

/** A named `period` is resolved by the server's clock, so a bookmarked "last 7 days" stays current. */
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

export const figureSchema = z.object({
  value: z.number(),
  previous: z.number().nullable(),
  difference: z.number().nullable(),
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
  today: z.string(),
  /** False when nothing was recorded before the period: its figures have nothing to compare with. */
  comparable: z.boolean(),
  tiles: z.object({
    /** Dollars paid, less refunds, incl. tax. */
    revenue: figureSchema,
    /** Orders not refunded in full: the set the revenue and the average count. */
    orders: figureSchema,
    /** Revenue net of refunds per order kept (incl. tax). */
    averageOrder: figureSchema,
    newCustomers: figureSchema,
    /** Pending refunds included. */
    refunds: figureSchema,
    /** The tax inside the orders paid (docs/product.md §28), before refunds: revenue and the average are gross of it. */
    tax: figureSchema,
    /** The customers' tips inside the orders paid (docs/product.md, "Tips"): gross, as paid, before refunds. */
    tips: figureSchema,
    /** "Discounts given": the promo codes' discounts on the period's orders. */
    discounts: figureSchema,
  }),
  refundedOrders: z.number().int(),
  customers: z.number().int(),
  menuItems: z.number().int(),
  granularity: z.enum(['hour', 'day']),
  series: z.array(
    z.object({
      start: z.string(),
      label: z.string(),
      revenue: z.number(),
      orders: z.number().int(),
    }),
  ),
  topDishesByQuantity: z.array(dishFigureSchema),
  topDishesByRevenue: z.array(dishFigureSchema),
  fulfilment: z.array(z.object({ type: z.enum(FULFILMENT_TYPES), orders: z.number().int(), revenue: z.number() })),
  /** [weekday, Monday first][local hour]. */
  busiestHours: z.array(z.array(z.number().int()).length(24)).length(7),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const customerSummarySchema = z.object({
  /** Orders not refunded in full: the statistics' set. */
  orders: z.number().int(),
  /** Orders refunded in full, counted apart. */
  refundedOrders: z.number().int(),
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
