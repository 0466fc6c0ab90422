import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderIdParamsSchema, orderSchema, refundAskSchema, REFUND_WINDOW_DAYS } from '../../shared/orders.ts';
import { useStrictJson } from '../http/strict-json.ts';

/** What only an administrator does to an order: refund part or all of it, at any status. */
export async function adminOrderRoutes(instance: FastifyInstance): Promise<void> {
  useStrictJson(instance);
  const app = instance.withTypeProvider<ZodTypeProvider>();

  // Chosen lines, an amount or the whole; 409 with the reason when it exceeds what is left to refund.
  app.post(
    '/admin/orders/:id/refunds',
    {
      schema: {
        summary: 'Refund part or all of an order, administrators only',
        description:
          'One of `{ lines: [{ lineId, quantity }] }` (lineId: the line\'s position in the order\'s `lines`, priced by the server ' +
          'from the paid lines), `{ amountCents }` or `{ whole: true }` (all that is left). At any status, within ' +
          `${REFUND_WINDOW_DAYS} days of the payment. 409 with the reason when it exceeds what is left to refund (paid less every ` +
          'refund not failed), a line beyond its quantity, or a payment too old. Answers the order with its `refunds`.',
        params: orderIdParamsSchema,
        body: refundAskSchema,
        response: { 200: orderSchema },
      },
      preHandler: app.requireAdmin,
      config: { errors: { 409: 'More than is left to refund, a line beyond its quantity, or a payment too old (the reason in the message)' } },
    },
    async (request) => app.orders.refund(request.params.id, request.body, request.user!),
  );
}
