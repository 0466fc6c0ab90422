import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  eventIdSchema,
  orderIdParamsSchema,
  orderLinkParamsSchema,
  orderListQuerySchema,
  orderListSchema,
  orderSchema,
  orderStreamQuerySchema,
  offeredSlotsSchema,
  pickupSlotsSchema,
  slotsQuerySchema,
  type OrderListQuery,
} from '../../shared/orders.ts';
import { isStaff } from '../../shared/roles.ts';
import { BadRequestError } from '../http/errors.ts';
import { streamOrders } from './order-stream.ts';
import { say } from '../i18n/wording.ts';

/** What names a page of the caller's orders among their kept answers. */
export const ordersKey = ({ page, pageSize }: OrderListQuery) => `orders?page=${page}&pageSize=${pageSize}`;

/** The customer's orders (staff and administrators may open any), and the live stream. */
export async function orderRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  // A customer's own reads are kept until what they show is written (http/kept-answers.ts).
  app.get(
    '/orders',
    {
      schema: { summary: "The caller's orders, a page at a time", querystring: orderListQuerySchema, response: { 200: orderListSchema } },
      preHandler: app.requireUser,
      config: { keptAnswer: { key: (request) => ordersKey(request.query as OrderListQuery) } },
    },
    async (request) => app.orders.listOwn(request.user!, request.query.page, request.query.pageSize),
  );

  // The payment page offers these; POST /api/create-payment-intent accepts exactly these (and
  // refuses a slot that filled meanwhile). Only the times the restaurant is open, full ones left out.
  app.get('/slots', { schema: { summary: 'The times open for a new order: as soon as possible, and slots today and days ahead', querystring: slotsQuerySchema, response: { 200: offeredSlotsSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return app.slots.offered(request.query.fulfilment, new Date());
  });

  // The older name of the pickup's list (GET /api/slots?fulfilment=pickup).
  app.get('/orders/pickup-slots', { schema: { summary: 'The pickup times open for a new order (as GET /api/slots?fulfilment=pickup)', response: { 200: pickupSlotsSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const { timeZone, slots } = await app.slots.offered('pickup', new Date());
    return { timeZone, slots };
  });

  // An order's signed page (decision 0047): the link is the credential, so no session is asked for,
  // and a forged link or another order's id with this signature is a 404 like no order at all.
  app.get(
    '/orders/by-link/:token',
    { schema: { summary: "The order a signed link opens (a guest's order page, /o/<token>)", params: orderLinkParamsSchema, response: { 200: orderSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.orders.byLink(request.params.token);
    },
  );

  app.get(
    '/orders/by-link/:token/events',
    {
      schema: { summary: "Live changes of the order a signed link opens (server-sent events, as GET /api/orders/events)", params: orderLinkParamsSchema, querystring: orderStreamQuerySchema },
      exposeHeadRoute: false,
      config: { errors: { 404: 'No such order', 429: 'Too many live pages open from here, or the shop holds all it can: wait as many seconds as Retry-After says' } },
    },
    async (request, reply) => {
      const order = await app.orders.byLink(request.params.token);
      await streamOrders(app, request, reply, lastEventIdOf(request.headers['last-event-id'], request.query.lastEventId), { orderId: order._id });
    },
  );

  app.get(
    '/orders/events',
    // No HEAD twin: a HEAD would hold a stream open with nothing to read.
    { schema: { summary: "Live changes of the caller's orders, or all of them for staff (server-sent events)", querystring: orderStreamQuerySchema }, preHandler: app.requireUser, exposeHeadRoute: false, config: { guests: true, errors: { 429: 'Too many live pages open from here, or the shop holds all it can: wait as many seconds as Retry-After says' } } },
    async (request, reply) => {
      await streamOrders(app, request, reply, lastEventIdOf(request.headers['last-event-id'], request.query.lastEventId));
    },
  );

  app.get(
    '/orders/:id',
    {
      schema: { summary: "One of the caller's orders", params: orderIdParamsSchema, response: { 200: orderSchema } },
      preHandler: app.requireUser,
      // Staff open anyone's order, whose changes are kept under its customer: theirs are read each time.
      config: { guests: true, keptAnswer: { key: (request) => (isStaff(request.user!.role) ? undefined : `order/${(request.params as { id: string }).id}`) } },
    },
    async (request) => app.orders.get(request.params.id, request.user!),
  );
}

/**
 * Where a stream resumes: the browser's own reconnection says where it stopped in the header, which
 * wins over the query of the first connection (EventSource cannot set a header then).
 */
function lastEventIdOf(header: string | string[] | undefined, query: number | undefined): number | undefined {
  if (header === undefined) return query;
  const parsed = eventIdSchema.safeParse(header);
  if (!parsed.success) throw new BadRequestError(say('error.order.badLastEventId'), { 'last-event-id': [say('error.order.mustBeEventId')] });
  return parsed.data;
}
