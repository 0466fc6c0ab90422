import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderIdParamsSchema, orderSchema, staffOrdersQuerySchema, statusChangeSchema, type StaffOrdersQuery } from '../../shared/orders.ts';
import { orderDelaySchema } from '../../shared/restaurant-settings.ts';
import { useStrictJson } from '../http/strict-json.ts';

/** The order board: staff and administrators read the day's orders and move them along the workflow. */
export async function staffOrderRoutes(instance: FastifyInstance): Promise<void> {
  useStrictJson(instance);
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/staff/orders',
    {
      schema: { summary: "The order board: a day's orders by status, staff only", querystring: staffOrdersQuerySchema, response: { 200: z.array(orderSchema) } },
      preHandler: app.requireStaff,
      // One answer for every member of staff, kept until any order is written (http/kept-answers.ts).
      config: { keptAnswer: { shared: true, key: (request) => app.orders.boardKey(request.query as StaffOrdersQuery) } },
    },
    async (request) => app.orders.board(request.query.date, request.query.status),
  );

  app.post(
    '/staff/orders/:id/status',
    {
      schema: { summary: 'Move an order to its next status, staff only', params: orderIdParamsSchema, body: statusChangeSchema, response: { 200: orderSchema } },
      preHandler: app.requireStaff,
      config: { errors: { 409: 'The workflow does not go from its status to this one, or someone else moved it a moment ago (the reason in the message)' } },
    },
    async (request) => app.orders.changeStatus(request.params.id, request.body, request.user!),
  );

  // A refund the provider refused, asked again through the refund worker (a 409 unless it failed).
  app.post(
    '/staff/orders/:id/refund-retry',
    {
      schema: { summary: 'Try a failed refund again, staff only', params: orderIdParamsSchema, response: { 200: orderSchema } },
      preHandler: app.requireStaff,
      config: { errors: { 409: "The order's refund has not failed" } },
    },
    async (request) => app.orders.retryRefund(request.params.id, request.user!),
  );

  // Busy mode: an accepted order's ready time pushed back; the customer's page follows and a mail says the new time.
  app.post(
    '/staff/orders/:id/delay',
    {
      schema: { summary: "Push an accepted order's ready time back, staff only", params: orderIdParamsSchema, body: orderDelaySchema, response: { 200: orderSchema } },
      preHandler: app.requireStaff,
      config: { errors: { 409: 'The order is not accepted or being prepared with a ready time, or someone else changed it a moment ago' } },
    },
    async (request) => app.orders.delay(request.params.id, request.body.minutes, request.user!),
  );
}
