import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { centsToPrice } from '../../shared/money.ts';
import { adminStatisticsSchema, adminStatsSchema, customerSummarySchema, statsQuerySchema } from '../../shared/stats.ts';
import { exportFileName } from './orders-csv.ts';
import { resolveRange } from './stats-service.ts';

/**
 * The statistics: the spec's GET /api/admin-statistics, the admin home's figures for a period and
 * its orders as CSV (administrators only), and a customer's own figures for their home.
 */
export async function statsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // The restaurant's time zone at each request: its settings can change it while the shop runs.
  const timeZone = () => app.settings.timeZone();
  const { stats } = app;

  app.get(
    '/admin-statistics',
    { schema: { response: { 200: adminStatisticsSchema } }, preHandler: app.requireAdmin },
    async () => {
      const figures = await stats.adminStatistics();
      return {
        users: figures.customers,
        estimatedItems: figures.menuItems,
        revenue: centsToPrice(figures.revenueCents),
        orders: figures.orders,
      };
    },
  );

  app.get(
    '/admin/stats',
    { schema: { summary: 'Sales statistics over a period, administrators only', querystring: statsQuerySchema, response: { 200: adminStatsSchema } }, preHandler: app.requireAdmin },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return stats.adminStats(resolveRange(request.query, timeZone()));
    },
  );

  app.get(
    '/admin/orders.csv',
    { schema: { summary: "A period's orders as CSV, administrators only", querystring: statsQuerySchema }, preHandler: app.requireAdmin },
    async (request, reply) => {
      const range = resolveRange(request.query, timeZone());
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(range)}"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(stats.ordersCsv(range), { objectMode: false }));
    },
  );

  app.get(
    '/orders/summary',
    { schema: { summary: "The caller's order totals", response: { 200: customerSummarySchema } }, preHandler: app.requireUser },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return stats.customerSummary(request.user!.id);
    },
  );
}
