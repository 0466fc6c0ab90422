import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderIdParamsSchema, orderSchema, refundAskSchema } from '../../shared/orders.ts';
import { useStrictJson } from '../http/strict-json.ts';

/** What only an administrator does to an order: refund part or all of it, at any status. */
export async function adminOrderRoutes(instance: FastifyInstance): Promise<void> {
  useStrictJson(instance);
  const app = instance.withTypeProvider<ZodTypeProvider>();

  // Chosen lines, an amount or the whole; 409 with the reason when it exceeds what is left to refund.
  app.post(
    '/admin/orders/:id/refunds',
    {
      schema: { params: orderIdParamsSchema, body: refundAskSchema, response: { 200: orderSchema } },
      preHandler: app.requireAdmin,
    },
    async (request) => app.orders.refund(request.params.id, request.body, request.user!),
  );
}
