import { z } from 'zod';
import { menuItemSchema } from './menu.ts';

/**
 * Favourites: the dishes a signed-in customer saved with the heart (docs/product.md §21). The
 * customer is always the caller; the web app imports the types only (zod stays out of the
 * public pages' first load).
 */

/** How many dishes one customer may save: a bound on one row list, far above any real use. */
export const FAVOURITES_MAX = 500;

/** `/api/favourites/:itemId`: a dish's id as the menu writes it. */
export const favouriteParamsSchema = z.object({ itemId: z.string().trim().min(1, 'Name a dish').max(100, 'No dish has such an id') });

/** GET /api/favourites: the saved dishes as the menu shows them, the latest saved first. */
export const favouritesSchema = z.array(menuItemSchema);

/** PUT and DELETE /api/favourites/:itemId: the dish and whether it is saved now. */
export const favouriteStateSchema = z.object({ itemId: z.string(), saved: z.boolean() });
export type FavouriteState = z.infer<typeof favouriteStateSchema>;
