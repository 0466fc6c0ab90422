import { z } from 'zod';
import { deliveryAddressSchema, phoneSchema } from './orders.ts';

/**
 * A customer's saved delivery addresses, each with the phone the rider calls (issue 42): offered
 * at checkout, edited and deleted in the profile. The fields and messages are the checkout's own.
 */

/** Far above a household's real use; bounds one customer's rows. */
export const SAVED_ADDRESSES_MAX = 20;

export const SAVED_ADDRESS_TEXTS = {
  full: `You can save up to ${SAVED_ADDRESSES_MAX} addresses. Delete one first.`,
  notFound: 'No saved address with this id',
} as const;

/** Strict: an id, an owner or a date in the body is refused, not quietly dropped. */
export const savedAddressInputSchema = z.strictObject({
  address: deliveryAddressSchema,
  phone: phoneSchema,
});
export type SavedAddressInput = z.infer<typeof savedAddressInputSchema>;

export const savedAddressParamsSchema = z.object({ id: z.string().trim().min(1, 'Name an address').max(100, 'No address has such an id') });

export const savedAddressSchema = z.object({
  id: z.string(),
  address: deliveryAddressSchema,
  phone: z.string(),
  createdAt: z.string(),
  /** The last time it was saved or used at checkout: the list's order, the newest first. */
  usedAt: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

export const savedAddressListSchema = z.array(savedAddressSchema);
