import { PROMO_CODE_MAX } from './promo-codes.ts';
import { z } from 'zod';
import { tipChoiceSchema } from './tips.ts';
import { apiChosenGroupSchema } from './dish-options.ts';
import { TAX_MODES } from './order-totals.ts';
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
// An empty field says only that it is empty: the checks after it stop (one message per field).
const required = (max: number, empty: string) => text(max).min(1, { message: empty, abort: true });

export const deliveryAddressSchema = z.object({
  line1: required(200, 'Enter the street and number'),
  line2: text(200).optional(),
  city: required(100, 'Enter the city'),
  postalCode: required(20, 'Enter the postal code').regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'Enter a valid postal code'),
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

export const phoneSchema = required(30, 'Enter a phone number').regex(/^\+?[0-9 ()./-]{6,}$/, 'Enter a valid phone number');

const slotTime = z.iso.datetime({ offset: true }).optional();

/**
 * The time slot (src/shared/order-slots.ts): `pickupAt` for a pickup (its older name),
 * `scheduledAt` for a delivery or a table; absent means as soon as possible. The server checks it
 * is a slot of the restaurant's clock and not full, which the schema cannot.
 */
export const fulfilmentRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('table'), table: required(30, 'Enter your table'), scheduledAt: slotTime, note: text(NOTE_MAX).optional() }),
  z.object({ type: z.literal('pickup'), pickupAt: slotTime, note: text(NOTE_MAX).optional() }),
  z.object({
    type: z.literal('delivery'),
    address: deliveryAddressSchema,
    phone: phoneSchema,
    scheduledAt: slotTime,
    note: text(NOTE_MAX).optional(),
  }),
]);
export type FulfilmentRequest = z.infer<typeof fulfilmentRequestSchema>;

/** The spec's `{ price }` is accepted but ignored: the server prices the cart itself. */
export const createIntentBodySchema = z
  .object({
    price: z.unknown().optional(),
    fulfilment: fulfilmentRequestSchema.optional(),
    // A table link's token (src/shared/tables.ts): the order is eat-here at that table, whatever the fulfilment says.
    tableToken: z.string().min(1).max(200).optional(),
    // The customer's tip (src/shared/tips.ts): a choice, from which the server computes the cents.
    tip: tipChoiceSchema.optional(),
    // A promo code (src/shared/promo-codes.ts): the server decides its discount, never the body.
    promoCode: z.string().trim().min(1).max(PROMO_CODE_MAX).optional(),
  })
  .optional();

export type CreateIntentBody = z.infer<typeof createIntentBodySchema>;

/** The request without its note, which the order keeps apart. */
export const fulfilmentSchema = z.object({
  type: z.enum(FULFILMENT_TYPES),
  table: z.string().optional(),
  /** The area of a table a table link named (src/shared/tables.ts); the table's name then says it too. */
  area: z.string().optional(),
  pickupAt: z.string().optional(),
  scheduledAt: z.string().optional(),
  address: deliveryAddressSchema.optional(),
  phone: z.string().optional(),
});
export type Fulfilment = z.infer<typeof fulfilmentSchema>;

// Kept in a Zod-free module the order pages import; here too for the server's callers.
export { arrivesAround, scheduledTimeOf } from './order-facts.ts';

/** The request's field that holds its time, for a field error. */
export function scheduledFieldOf(type: string): 'pickupAt' | 'scheduledAt' {
  return type === 'pickup' ? 'pickupAt' : 'scheduledAt';
}

export const orderLineSchema = z.object({
  itemId: z.string(),
  name: z.string(),
  /** Unit price in dollars, as paid. */
  price: z.number(),
  quantity: z.number().int().positive(),
  /** As paid, so later menu changes don't alter the order. */
  options: z.array(apiChosenGroupSchema).optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const timelineEntrySchema = z.object({
  status: z.enum(ORDER_STATUSES),
  at: z.string(),
  reason: z.string().optional(),
  /** Staff only: a customer's own answer leaves it out. */
  by: z.string().optional(),
});

export const refundSchema = z.object({
  amount: z.number(),
  status: z.string(),
  /** Which request the status is about: 1, then one more for each "Retry refund" of staff. */
  attempt: z.number().int(),
});

/** The server's answer to a retry of a refund that did not fail (the board's words are the catalogue's board.refund.*). */
export const REFUND_RETRY_TEXTS = {
  notFailed: 'Only a refund that failed can be tried again: reload the order',
} as const;

/**
 * How long after the payment a card can still be refunded: Stripe refunds a charge within 180
 * days (the sandbox follows the same rule), so the shop refuses an older one before asking.
 */
export const REFUND_WINDOW_DAYS = 180;

/** At most this many lines in one refund of chosen lines (an order has few). */
const REFUND_LINES_MAX = 100;

/**
 * An administrator's refund (POST /api/admin/orders/:id/refunds): chosen lines with quantities,
 * an amount in cents, or the whole of what is left. Line refunds are priced by the server from the
 * order's stored lines; `lineId` is the line's position in the order's `lines` (0 first).
 */
export const refundAskSchema = z.union([
  z.strictObject({
    lines: z
      .array(z.strictObject({ lineId: z.number().int().min(0).max(REFUND_LINES_MAX), quantity: z.number().int().min(1).max(1000) }))
      .min(1, 'Choose at least one line')
      .max(REFUND_LINES_MAX),
  }),
  z.strictObject({ amountCents: z.number().int('Give the amount in whole cents').min(1, 'Refund at least one cent').max(100_000_000) }),
  z.strictObject({ whole: z.literal(true) }),
]);
export type RefundAsk = z.infer<typeof refundAskSchema>;

/** One refund of an order as its page lists it. */
export const orderRefundSchema = z.object({
  id: z.string(),
  /** Dollars. */
  amount: z.number(),
  /** The lines it gave back, when chosen by line (lineId: the line's position in the order). */
  lines: z.array(z.object({ lineId: z.number().int(), name: z.string(), quantity: z.number().int() })).optional(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  at: z.string(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

/** The refunds' words on the server's errors (the dialog's are the catalogue's order.refundDialog.*). */
export const REFUND_TEXTS = {
  notPaid: 'Nothing was paid for this order, so there is nothing to refund',
  tooLate: `The card can no longer be refunded: the payment is older than ${REFUND_WINDOW_DAYS} days`,
  nothingLeft: 'This order has been refunded in full already',
  overLeft: (amount: string) => `That is more than is left to refund: at most ${amount}`,
  noSuchLine: (lineId: number) => `The order has no line ${lineId}`,
  lineTwice: 'Choose each line once',
  lineOver: (name: string, left: number) => `At most ${left} of ${name} can still be refunded`,
} as const;

/** A chargeback as the provider reported it; left out of the customer's own answer. */
export const disputeSchema = z.object({
  amount: z.number(),
  reason: z.string(),
  status: z.string(),
  at: z.string(),
});
export type Dispute = z.infer<typeof disputeSchema>;

/**
 * An order's taxes as the API answers them (dollars): the pricing mode, the sums, one line per
 * rate. The order page, the board card, the ticket and the mail show these, never their own sums.
 */
export const orderTaxesSchema = z
  .object({
    mode: z.enum(TAX_MODES).describe('included: the menu prices hold the tax; added: the tax was added to them at checkout'),
    /** The dishes without tax, and the tax on them (after any discount). */
    net: z.number().describe('The dishes without tax, in dollars'),
    tax: z.number().describe('The tax on the dishes, in dollars: the sum of the lines'),
    lines: z
      .array(z.object({ name: z.string(), percent: z.number(), net: z.number(), tax: z.number(), gross: z.number() }))
      .describe("One line per rate, in the order the rates first appear among the dishes; each line's tax is the sum of its dishes', rounded half away from zero per dish"),
  })
  .describe('The taxes inside the total as the server computed them when the payment was opened (docs/product.md §28); absent when nothing is taxed');
export type OrderTaxes = z.infer<typeof orderTaxesSchema>;

export const orderSchema = z.object({
  _id: z.string(),
  number: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  fulfilment: fulfilmentSchema,
  note: z.string().nullable(),
  lines: z.array(orderLineSchema),
  total: z.number(),
  /** Included in `total`, not added to it. */
  deliveryFee: z.number().optional(),
  /** Inside `total` (added to the dishes when tax is added at checkout). */
  taxes: orderTaxesSchema.optional(),
  /** The customer's tip, inside `total`, kept apart from the food; absent without one. */
  tip: z.number().optional(),
  /** The promo code's discount, already taken off `total`, and its code; absent without one. */
  discount: z.number().optional(),
  promoCode: z.string().optional(),
  customer: z.object({ name: z.string(), email: z.string() }),
  transactionId: z.string(),
  createdAt: z.string(),
  readyBy: z.string().nullable(),
  reason: z.string().nullable(),
  timeline: z.array(timelineEntrySchema),
  refund: refundSchema.optional(),
  /** Every refund of the order, oldest first; absent when it has had none. */
  refunds: z.array(orderRefundSchema).optional(),
  disputes: z.array(disputeSchema).optional(),
  /** A guest's own reads only: the path of the order's signed page, `/o/<token>` (decision 0047). */
  link: z.string().optional(),
});
export type Order = z.infer<typeof orderSchema>;


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

/** `date` is a day in the restaurant's time zone, today by default. */
export const staffOrdersQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  date: z.iso.date().optional(),
});
export type StaffOrdersQuery = z.infer<typeof staffOrdersQuerySchema>;

export const statusChangeSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  readyInMinutes: z.number().int().min(READY_IN_MIN).max(READY_IN_MAX).optional(),
  reason: text(REASON_MAX).optional(),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

/** For clients that cannot send the Last-Event-ID header. */
export const eventIdSchema = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
export const orderStreamQuerySchema = z.object({ lastEventId: eventIdSchema.optional() });

export const pickupSlotsSchema = z.object({
  /** To show the times as the restaurant's clock reads them. */
  timeZone: z.string(),
  slots: z.array(z.string()),
});
export type PickupSlots = z.infer<typeof pickupSlotsSchema>;

/** GET /api/slots: the times a customer may order for, full ones left out. */
export const slotsQuerySchema = z.object({ fulfilment: z.enum(FULFILMENT_TYPES).default('pickup') });
export const offeredSlotsSchema = z.object({
  timeZone: z.string(),
  /** Whether "as soon as possible" is offered now (open and not paused). */
  asap: z.boolean(),
  /** UTC instants, in order, today and the days ahead. */
  slots: z.array(z.string()),
});
export type OfferedSlots = z.infer<typeof offeredSlotsSchema>;

/** The 409 of a slot that filled meanwhile. */
export const SLOT_FULL_CODE = 'SLOT_FULL';

export const orderIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** An order's signed link: `<order id>.<signature>` (src/server/orders/order-links.ts). */
export const orderLinkParamsSchema = z.object({ token: z.string().min(1).max(100) });
