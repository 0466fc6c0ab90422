import { z } from 'zod';
import { CATEGORIES, categorySchema } from './categories.ts';
import { OWN_IMAGE_URL } from './images.ts';
import { apiOptionGroupSchema, optionGroupsInputSchema } from './dish-options.ts';

/** A menu item as the API answers it (docs/product.md §3). */
export const menuItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string(),
  price: z.number(),
  recipe: z.string(),
  category: categorySchema,
  newPrice: z.number().optional(),
  /** The dish's choice groups (size, extras), only when it has some (docs/decisions/0023-dish-options.md). */
  options: z.array(apiOptionGroupSchema).optional(),
});

export type MenuItem = z.infer<typeof menuItemSchema>;

export const itemIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const ITEM_NAME_MAX = 100;
export const ITEM_RECIPE_MAX = 2000;
/** Prices are stored as integer cents; this bound keeps them far inside a 32-bit column. */
export const ITEM_PRICE_MAX = 100_000;

/** True when a price has at most two decimals (14.5 and 14.55, not 14.555). */
export function hasAtMostTwoDecimals(price: number): boolean {
  const cents = price * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/**
 * The body of POST /api/items and PATCH /api/items/{id} (docs/product.md §5 and §7), used by the
 * route and by the Add and Update forms, so both sides say the same thing about a bad field.
 * The image must be one of the shop's own uploads: an item never points at another site.
 */
export const itemInputSchema = z.object({
  name: z
    .string({ error: 'Recipe name is required' })
    .trim()
    .min(1, 'Recipe name is required')
    .max(ITEM_NAME_MAX, `Recipe name must be at most ${ITEM_NAME_MAX} characters`),
  category: z.enum(CATEGORIES, { error: 'Choose one of the ten categories' }),
  price: z
    .number({ error: 'Price is required and must be a number' })
    .positive('Price must be more than 0')
    // The database keeps whole cents above 0: a price under one cent is refused here, not there.
    .min(0.01, 'Price must be at least 0.01')
    .max(ITEM_PRICE_MAX, `Price must be at most ${ITEM_PRICE_MAX}`)
    .refine(hasAtMostTwoDecimals, 'Price may have at most two decimals'),
  recipe: z
    .string({ error: 'Recipe details are required' })
    .trim()
    .min(1, 'Recipe details are required')
    .max(ITEM_RECIPE_MAX, `Recipe details must be at most ${ITEM_RECIPE_MAX} characters`),
  image: z
    .string({ error: 'An item image is required' })
    .min(1, { error: 'An item image is required', abort: true })
    .regex(OWN_IMAGE_URL, 'The image must be a picture uploaded to this shop'),
  /** Absent keeps the dish's options (the spec's update does not know them); [] removes them. */
  options: optionGroupsInputSchema.optional(),
});
export type ItemInput = z.infer<typeof itemInputSchema>;

export const createItemResultSchema = z.object({ insertedId: z.string() });
export const updateItemResultSchema = z.object({ success: z.literal(true), modifiedCount: z.number().int() });
export const deleteItemResultSchema = z.object({ deletedCount: z.number().int() });
