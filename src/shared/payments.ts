import { orderTaxesSchema } from './orders.ts';
import { tipOfferSchema } from './tips.ts';
import { z } from 'zod';
import { orderSchema } from './orders.ts';
import { PAYMENT_PROVIDERS } from './payment-constants.ts';

export * from './payment-constants.ts';

export const createIntentAnswerSchema = z.object({
  clientSecret: z.string(),
  /** Becomes the payment's transactionId. */
  intentId: z.string(),
  amount: z.number(),
  quantity: z.number().int(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Included in `amount`, not added to it. */
  deliveryFee: z.number().optional(),
  /** The taxes inside `amount` (docs/product.md §28); absent when nothing is taxed. */
  taxes: orderTaxesSchema.optional(),
  /** The tip inside `amount`, computed by the server from the body's choice; absent without one. */
  tip: z.number().optional(),
  tipOffer: tipOfferSchema.optional(),
  /** The promo code granted and its discount, already taken off `amount`. */
  promoCode: z.string().optional(),
  discount: z.number().optional(),
  /** Stripe only: the publishable key for Stripe.js. */
  publishableKey: z.string().optional(),
});
export type CreateIntentAnswer = z.infer<typeof createIntentAnswerSchema>;

/** The spec's browser sends the whole record; only the intent id is trusted, the rest is rebuilt server-side. */
export const paymentBodySchema = z.object({
  transactionId: z.string().trim().min(1).max(255),
});

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

/** The same answer for a repeat of the same intent; `order` is absent only for payments older than orders (migration 005). */
export const paymentAnswerSchema = z.object({
  result: z.object({ insertedId: z.string() }),
  payment: paymentRecordSchema,
  order: orderSchema.optional(),
});
export type PaymentAnswer = z.infer<typeof paymentAnswerSchema>;

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

/** Shaped like Stripe's confirmPayment answer, so the page handles both providers alike. */
export const sandboxConfirmAnswerSchema = z.union([
  z.object({ paymentIntent: z.object({ id: z.string(), status: z.string() }) }),
  z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
]);
export type SandboxConfirmAnswer = z.infer<typeof sandboxConfirmAnswerSchema>;
