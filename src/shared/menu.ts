import { z } from 'zod';
import { categorySchema } from './categories.ts';

/** A menu item as the API answers it (spec section 3). */
export const menuItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string(),
  price: z.number(),
  recipe: z.string(),
  category: categorySchema,
  newPrice: z.number().optional(),
});

export type MenuItem = z.infer<typeof menuItemSchema>;

export const itemIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
