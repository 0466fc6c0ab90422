import { z } from 'zod';
import { apiChosenGroupSchema } from './dish-options.ts';
import {
  FULFILMENT_TYPES,
  NOTE_MAX,
  ORDER_STATUSES,
  READY_IN_MAX,
  READY_IN_MIN,
  REASON_MAX,
} from './order-workflow.ts';

export * from './order-workflow.ts';

const text = (max: number, message = `At most ${max} characters`) => z.string().trim().max(max, message);
const required = (max: number, empty: string) => text(max).min(1, empty);

export const deliveryAddressSchema = z.object({
  line1: required(200, 'Enter the street and number'),
  line2: text(200).optional(),
  city: required(100, 'Enter the city'),
  postalCode: required(20, 'Enter the postal code').regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'Enter a valid postal code'),
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

export const phoneSchema = required(30, 'Enter a phone number').regex(/^\+?[0-9 ()./-]{6,}$/, 'Enter a valid phone number');

/**
 * How the meal reaches the customer, as the payment page sends it with
 * POST /api/create-payment-intent. `pickupAt` is an ISO instant today on a 15-minute step (the
 * server checks the day and the step in the restaurant's time zone); absent means as soon as
 * possible. The note goes to the kitchen.
 */
export const fulfilmentRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('table'), table: required(30, 'Enter your table'), note: text(NOTE_MAX).optional() }),
  z.object({ type: z.literal('pickup'), pickupAt: z.iso.datetime({ offset: true }).optional(), note: text(NOTE_MAX).optional() }),
  z.object({
    type: z.literal('delivery'),
    address: deliveryAddressSchema,
    phone: phoneSchema,
    note: text(NOTE_MAX).optional(),
  }),
]);
export type FulfilmentRequest = z.infer<typeof fulfilmentRequestSchema>;

/** The body of POST /api/create-payment-intent: the spec's `{ price }` (ignored) and the fulfilment. */
export const createIntentBodySchema = z
  .object({ price: z.unknown().optional(), fulfilment: fulfilmentRequestSchema.optional() })
  .optional();

/** An order's fulfilment as answered: the request without its note (the order has its own). */
export const fulfilmentSchema = z.object({
  type: z.enum(FULFILMENT_TYPES),
  table: z.string().optional(),
  /** Pickup: the time asked for; absent is as soon as possible. */
  pickupAt: z.string().optional(),
  address: deliveryAddressSchema.optional(),
  phone: z.string().optional(),
});
export type Fulfilment = z.infer<typeof fulfilmentSchema>;

export const orderLineSchema = z.object({
  itemId: z.string(),
  name: z.string(),
  /** Unit price in dollars, as paid. */
  price: z.number(),
  quantity: z.number().int().positive(),
  /** The chosen options with what each added, as paid (docs/decisions/0023-dish-options.md); absent without options. */
  options: z.array(apiChosenGroupSchema).optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const timelineEntrySchema = z.object({
  status: z.enum(ORDER_STATUSES),
  at: z.string(),
  /** The reason given with a rejection or a cancellation. */
  reason: z.string().optional(),
  /** Who made the change (staff only see it; a customer's own answer leaves it out). */
  by: z.string().optional(),
});

export const refundSchema = z.object({
  amount: z.number(),
  /** The provider's word: 'pending', 'succeeded' or 'failed'. */
  status: z.string(),
});

/**
 * A card holder's dispute of the payment (a chargeback), as the provider reported it: staff and
 * administrators see it on the order; the customer's own answer leaves it out.
 */
export const disputeSchema = z.object({
  amount: z.number(),
  /** The provider's reason code, e.g. 'fraudulent', 'product_not_received'. */
  reason: z.string(),
  /** The provider's status: 'needs_response', 'under_review', 'won', 'lost', … */
  status: z.string(),
  at: z.string(),
});
export type Dispute = z.infer<typeof disputeSchema>;

export const orderSchema = z.object({
  _id: z.string(),
  number: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  fulfilment: fulfilmentSchema,
  note: z.string().nullable(),
  lines: z.array(orderLineSchema),
  total: z.number(),
  /** The delivery fee inside the total, when one was charged (docs/product.md §20). */
  deliveryFee: z.number().optional(),
  customer: z.object({ name: z.string(), email: z.string() }),
  transactionId: z.string(),
  createdAt: z.string(),
  readyBy: z.string().nullable(),
  /** The reason of a rejection or a cancellation, shown to the customer. */
  reason: z.string().nullable(),
  timeline: z.array(timelineEntrySchema),
  refund: refundSchema.optional(),
  disputes: z.array(disputeSchema).optional(),
});
export type Order = z.infer<typeof orderSchema>;

/** GET /api/orders: the caller's own orders, newest first, a page at a time. */
export const orderListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;
export const orderListSchema = z.object({
  orders: z.array(orderSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OrderList = z.infer<typeof orderListSchema>;

/** GET /api/staff/orders?status=&date=: the board's orders; `date` is a day (YYYY-MM-DD) in the restaurant's time zone, today by default. */
export const staffOrdersQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  date: z.iso.date().optional(),
});
export type StaffOrdersQuery = z.infer<typeof staffOrdersQuerySchema>;

/** POST /api/staff/orders/:id/status. */
export const statusChangeSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  readyInMinutes: z.number().int().min(READY_IN_MIN).max(READY_IN_MAX).optional(),
  reason: text(REASON_MAX).optional(),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

/** GET /api/orders/events: where to resume (the last event id seen), when the header cannot say it. */
export const eventIdSchema = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
export const orderStreamQuerySchema = z.object({ lastEventId: eventIdSchema.optional() });

/** GET /api/orders/pickup-slots: today's pickup times still to come, in the restaurant's time zone. */
export const pickupSlotsSchema = z.object({
  /** The restaurant's time zone (IANA), to show the times as the restaurant's clock reads them. */
  timeZone: z.string(),
  /** ISO instants on the 15-minute step, soonest first. */
  slots: z.array(z.string()),
});
export type PickupSlots = z.infer<typeof pickupSlotsSchema>;

export const orderIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
