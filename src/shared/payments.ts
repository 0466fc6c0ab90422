import { z } from 'zod';
import { orderSchema } from './orders.ts';
import { PAYMENT_PROVIDERS } from './payment-constants.ts';

export * from './payment-constants.ts';

/** POST /api/create-payment-intent answers this; its body (the spec sends a price) is ignored. */
export const createIntentAnswerSchema = z.object({
  clientSecret: z.string(),
  /** The intent's id: the transactionId of the payment. */
  intentId: z.string(),
  /** What the card will be charged, in dollars, and for how many cart entries. */
  amount: z.number(),
  quantity: z.number().int(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The delivery fee inside the amount, in dollars, when one is charged (docs/product.md §20). */
  deliveryFee: z.number().optional(),
  /** Stripe only: the publishable key for Stripe.js. */
  publishableKey: z.string().optional(),
});
export type CreateIntentAnswer = z.infer<typeof createIntentAnswerSchema>;

/**
 * POST /api/payment. The spec's browser sends the whole record; the shop reads only the intent id
 * and builds the record from the intent, the provider's answer and the database.
 */
export const paymentBodySchema = z.object({
  transactionId: z.string().trim().min(1).max(255),
});

/** The spec's payment record (docs/product.md §3). */
export const paymentRecordSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  transactionId: z.string(),
  price: z.number(),
  date: z.string(),
  quantity: z.number().int(),
  cartItems: z.array(z.string()),
  menuItems: z.array(z.string()),
  status: z.string(),
  itemNames: z.array(z.string()),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

/**
 * The answer of POST /api/payment: the same for a repeat of the same intent. `order` is the order
 * made from the payment (the customer's order page); absent only for a payment recorded before
 * the shop had orders.
 */
export const paymentAnswerSchema = z.object({
  result: z.object({ insertedId: z.string() }),
  payment: paymentRecordSchema,
  order: orderSchema.optional(),
});
export type PaymentAnswer = z.infer<typeof paymentAnswerSchema>;

/** GET /api/payments: the caller's own orders, newest first. */
export const paymentListSchema = z.array(paymentRecordSchema);

// ---- Sandbox provider (test mode inside the shop) ----

export const sandboxConfirmBodySchema = z.object({
  clientSecret: z.string().min(1).max(255),
  card: z.object({
    number: z.string().max(40),
    /** MM / YY */
    expiry: z.string().max(10),
    cvc: z.string().max(10),
  }),
  billingDetails: z.object({ email: z.string().max(254), name: z.string().max(200) }),
});
export type SandboxConfirmBody = z.infer<typeof sandboxConfirmBodySchema>;

/** Like Stripe's confirmPayment: an intent, or an error with the provider's message. */
export const sandboxConfirmAnswerSchema = z.union([
  z.object({ paymentIntent: z.object({ id: z.string(), status: z.string() }) }),
  z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
]);
export type SandboxConfirmAnswer = z.infer<typeof sandboxConfirmAnswerSchema>;
