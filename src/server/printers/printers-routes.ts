import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderIdParamsSchema } from '../../shared/orders.ts';
import { printerIdParamsSchema, printerInputSchema, printerSchema, printerStatusSchema, printQueuedSchema } from '../../shared/printers.ts';
import { useStrictJson } from '../http/strict-json.ts';

/**
 * Kitchen printers (docs/product.md, "Kitchen printers"): administrators keep the list and print
 * a test page; staff read each printer's status for the board and print an order's ticket again.
 */
export async function printerRoutes(instance: FastifyInstance): Promise<void> {
  useStrictJson(instance);
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { printers } = app;

  app.get('/admin/printers', { schema: { summary: 'The kitchen printers, with their last outcome', response: { 200: z.array(printerSchema) } }, preHandler: app.requireAdmin }, async () => printers.list());

  app.post(
    '/admin/printers',
    { schema: { summary: 'Add a kitchen printer (ESC/POS over TCP; port 9100 unless given)', body: printerInputSchema, response: { 201: printerSchema } }, preHandler: app.requireAdmin },
    async (request, reply) => reply.code(201).send(await printers.add(request.body)),
  );

  app.put(
    '/admin/printers/:id',
    { schema: { summary: 'Change a kitchen printer', params: printerIdParamsSchema, body: printerInputSchema, response: { 200: printerSchema } }, preHandler: app.requireAdmin },
    async (request) => printers.update(request.params.id, request.body),
  );

  app.delete(
    '/admin/printers/:id',
    { schema: { summary: 'Remove a kitchen printer', params: printerIdParamsSchema, response: { 200: z.object({ deletedCount: z.literal(1) }) } }, preHandler: app.requireAdmin },
    async (request) => {
      await printers.remove(request.params.id);
      return { deletedCount: 1 as const };
    },
  );

  app.post(
    '/admin/printers/:id/test',
    { schema: { summary: 'Print a test page (queued; the outcome shows in the printer\'s status)', params: printerIdParamsSchema, response: { 202: printQueuedSchema } }, preHandler: app.requireAdmin },
    async (request, reply) => reply.code(202).send({ printers: await printers.printTestPage(request.params.id) }),
  );

  app.get('/staff/printers', { schema: { summary: "Each kitchen printer's last success and last failure (the board's banner)", response: { 200: z.array(printerStatusSchema) } }, preHandler: app.requireStaff }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return printers.statuses();
  });

  // The ticket queued again on every printer; 202 as the printing happens after the answer.
  app.post(
    '/staff/orders/:id/print',
    {
      schema: { summary: "Print an order's kitchen ticket again on every printer", params: orderIdParamsSchema, response: { 202: printQueuedSchema } },
      preHandler: app.requireStaff,
      config: { errors: { 409: 'No kitchen printer is set up' } },
    },
    async (request, reply) => {
      const order = await app.orders.get(request.params.id, request.user!);
      return reply.code(202).send({ printers: await printers.printAgain(order) });
    },
  );
}
