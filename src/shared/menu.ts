import { z } from 'zod';
import { CATEGORIES, categorySchema } from './categories.ts';
import { ALLERGENS, DISH_TAGS } from './dish-labels.ts';
import { OWN_IMAGE_URL } from './images.ts';
import { adminOptionGroupSchema, apiOptionGroupSchema, optionGroupsInputSchema, translationLanguageSchema } from './dish-options.ts';

export const menuItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string(),
  price: z.number(),
  recipe: z.string(),
  category: categorySchema,
  newPrice: z.number().optional(),
  // Left out when empty or false, so a dish without them is answered exactly as the spec's item.
  tags: z.array(z.enum(DISH_TAGS)).optional(),
  allergens: z.array(z.enum(ALLERGENS)).optional(),
  soldOut: z.literal(true).optional(),
  /** Only in the administrator's answers. */
  hidden: z.literal(true).optional(),
  /** Only when the dish has some. */
  options: z.array(apiOptionGroupSchema).optional(),
  /** The dish's own tax rate (an id of the settings' taxRates); absent: its category's default. */
  taxRateId: z.string().optional(),
});

export type MenuItem = z.infer<typeof menuItemSchema>;

export const itemIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const ITEM_NAME_MAX = 100;
export const ITEM_RECIPE_MAX = 2000;
/** Prices are stored as integer cents; this bound keeps them far inside a 32-bit column. */
export const ITEM_PRICE_MAX = 100_000;

/** With a tolerance: 14.55 * 100 is not an exact integer in floating point. */
export function hasAtMostTwoDecimals(price: number): boolean {
  const cents = price * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

function priceSchema(name: string) {
  return (
    z
      .number({ error: `${name} is required and must be a number` })
      .positive(`${name} must be more than 0`)
      // The database keeps whole cents above 0: a price under one cent is refused here, not there.
      .min(0.01, `${name} must be at least 0.01`)
      .max(ITEM_PRICE_MAX, `${name} must be at most ${ITEM_PRICE_MAX}`)
      .refine(hasAtMostTwoDecimals, `${name} may have at most two decimals`)
  );
}

/**
 * A dish's name and description in other languages than English, by language code (issue 44,
 * point 4): `{ de: { name, recipe } }`. Empty or absent falls back to the English field.
 */
export const itemTranslationsSchema = z.record(
  translationLanguageSchema,
  z
    .object({
      name: z.string({ error: 'A translated name is text' }).trim().max(ITEM_NAME_MAX, `Recipe name must be at most ${ITEM_NAME_MAX} characters`).optional(),
      recipe: z.string({ error: 'Translated details are text' }).trim().max(ITEM_RECIPE_MAX, `Recipe details must be at most ${ITEM_RECIPE_MAX} characters`).optional(),
    })
    .strict(),
);
export type ItemTranslations = z.infer<typeof itemTranslationsSchema>;

/** Shared by the route and the Add/Update forms so both word a bad field alike; images must be the shop's own uploads. */
export const itemInputSchema = z.object({
  name: z
    .string({ error: 'Recipe name is required' })
    .trim()
    .min(1, 'Recipe name is required')
    .max(ITEM_NAME_MAX, `Recipe name must be at most ${ITEM_NAME_MAX} characters`),
  category: z.enum(CATEGORIES, { error: 'Choose one of the ten categories' }),
  price: priceSchema('Price'),
  recipe: z
    .string({ error: 'Recipe details are required' })
    .trim()
    .min(1, 'Recipe details are required')
    .max(ITEM_RECIPE_MAX, `Recipe details must be at most ${ITEM_RECIPE_MAX} characters`),
  image: z
    .string({ error: 'An item image is required' })
    .min(1, { error: 'An item image is required', abort: true })
    .regex(OWN_IMAGE_URL, 'The image must be a picture uploaded to this shop'),
  // Optional because the spec's PATCH sends none of them: absent keeps the dish's value, `newPrice:
  // null` removes the offer. Offer below price is checked by the service (offerPriceProblem).
  newPrice: priceSchema('Offer price').nullable().optional(),
  tags: z.array(z.enum(DISH_TAGS, { error: `A tag is one of: ${DISH_TAGS.join(', ')}` })).max(DISH_TAGS.length).optional(),
  allergens: z.array(z.enum(ALLERGENS, { error: `An allergen is one of: ${ALLERGENS.join(', ')}` })).max(ALLERGENS.length).optional(),
  /** Absent keeps the dish's options; [] removes them. */
  options: optionGroupsInputSchema.optional(),
  /** A rate of the settings' taxRates; null: the category's default; absent keeps the dish's. */
  taxRateId: z.string({ error: 'Choose one of the tax rates' }).max(64).nullable().optional(),
  /**
   * The name and description in the shop's other languages; absent keeps the dish's. The options'
   * names in other languages come with each group and choice (`options[].translations`).
   */
  translations: itemTranslationsSchema.optional(),
});
export type ItemInput = z.infer<typeof itemInputSchema>;

/**
 * A dish as its administrator edits it (GET /api/admin/items/{id}, GET /api/admin/items): always
 * in English, with the other languages' texts beside, in the shape the form sends them back.
 */
export const adminMenuItemSchema = menuItemSchema.extend({
  options: z.array(adminOptionGroupSchema).optional(),
  translations: itemTranslationsSchema.optional(),
});
export type AdminMenuItem = z.infer<typeof adminMenuItemSchema>;

export const createItemResultSchema = z.object({ insertedId: z.string() });
export const updateItemResultSchema = z.object({ success: z.literal(true), modifiedCount: z.number().int() });
export const deleteItemResultSchema = z.object({ deletedCount: z.number().int() });

/** PATCH /api/items/{id}/availability: the two switches of Manage Items, either or both. */
export const itemAvailabilitySchema = z
  .object({ soldOut: z.boolean().optional(), hidden: z.boolean().optional() })
  .refine((body) => body.soldOut !== undefined || body.hidden !== undefined, 'Send soldOut, hidden or both');
export type ItemAvailability = z.infer<typeof itemAvailabilitySchema>;
