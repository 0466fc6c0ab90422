import { z } from 'zod';
import type { CartEntry } from './cart-constants.ts';
import { apiChosenGroupSchema, optionSelectionSchema } from './dish-options.ts';

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
  options: z.array(apiChosenGroupSchema).optional(),
  optionsProblem: z.string().optional(),
});

// The schema and the Zod-free interface describe the same entry.
const _sameShape: z.ZodType<CartEntry> = cartEntrySchema;

/**
 * POST /api/cart. Only the item id and the options are read: the name, price and image come from
 * the menu in the database and the owner is the caller, so the spec's other fields are accepted
 * and ignored.
 */
export const addToCartSchema = z.object({
  itemId: z.string().trim().min(1).max(100),
  /** The chosen options (choice ids per group id); absent takes the dish's default. */
  options: optionSelectionSchema.optional(),
});

export const cartQuerySchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid e-mail address')),
});

export const cartInsertedSchema = z.object({ insertedId: z.string() });
export const cartDeletedSchema = z.object({ deletedCount: z.number().int() });
