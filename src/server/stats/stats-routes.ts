import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { centsToPrice } from '../../shared/money.ts';
import { adminStatisticsSchema } from '../../shared/stats.ts';
import { readAdminStatistics } from './stats-repository.ts';

/** GET /api/admin-statistics (docs/product.md §7), for administrators. */
export async function statsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/admin-statistics',
    { schema: { response: { 200: adminStatisticsSchema } }, preHandler: app.requireAdmin },
    async () => {
      const stats = await readAdminStatistics(app.db);
      return {
        users: stats.users,
        estimatedItems: stats.menuItems,
        revenue: centsToPrice(stats.revenueCents),
        // The spec's field name: it counts the payments (one per paid cart).
        orders: stats.payments,
      };
    },
  );
}
