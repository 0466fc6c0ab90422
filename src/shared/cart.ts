import { z } from 'zod';
import type { CartEntry } from './cart-constants.ts';

export * from './cart-constants.ts';

/** A cart entry as the API answers it (docs/product.md §3). */
export const cartEntrySchema = z.object({
  _id: z.string(),
  itemId: z.string(),
  name: z.string(),
  price: z.number(),
  image: z.string(),
  email: z.string(),
  priceWhenAdded: z.number().optional(),
  unavailable: z.enum(['sold-out', 'hidden']).optional(),
});

/**
 * POST /api/cart. Only the item id is read: the name, price and image come from the menu in the
 * database and the owner is the caller, so the spec's other fields are accepted and ignored.
 */
// The schema and the Zod-free interface describe the same entry.
const _sameShape: z.ZodType<CartEntry> = cartEntrySchema;

export const addToCartSchema = z.object({
  itemId: z.string().trim().min(1).max(100),
});

export const cartQuerySchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid e-mail address')),
});

export const cartInsertedSchema = z.object({ insertedId: z.string() });
export const cartDeletedSchema = z.object({ deletedCount: z.number().int() });
