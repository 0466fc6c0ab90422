import { z } from 'zod';

/** The most entries one cart may hold: a table's order, not a warehouse's. */
export const CART_MAX_ENTRIES = 100;

/** A cart entry as the API answers it (spec section 3). */
export const cartEntrySchema = z.object({
  _id: z.string(),
  itemId: z.string(),
  name: z.string(),
  price: z.number(),
  image: z.string(),
  email: z.string(),
});
export type CartEntry = z.infer<typeof cartEntrySchema>;

/**
 * POST /api/cart. Only the item id is read: the name, price and image come from the menu in the
 * database and the owner is the caller, so the spec's other fields are accepted and ignored.
 */
export const addToCartSchema = z.object({
  itemId: z.string().trim().min(1).max(100),
});
export type AddToCartBody = z.infer<typeof addToCartSchema>;

export const cartQuerySchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid e-mail address')),
});

export const cartInsertedSchema = z.object({ insertedId: z.string() });
export const cartDeletedSchema = z.object({ deletedCount: z.number().int() });

/** The cart's total in cents: summed as integers, so 0.1 + 0.2 is exactly 0.30. */
export function cartTotalCents(entries: ReadonlyArray<{ price: number }>): number {
  return entries.reduce((sum, entry) => sum + Math.round(entry.price * 100), 0);
}
