import { z } from 'zod';
import { menuItemSchema } from './menu.ts';

/** The web app imports only the types here, keeping zod out of the public pages' first load. */

/** Bounds one customer's row list; far above any real use. */
export const FAVOURITES_MAX = 500;

export const favouriteParamsSchema = z.object({ itemId: z.string().trim().min(1, 'Name a dish').max(100, 'No dish has such an id') });

export const favouritesSchema = z.array(menuItemSchema);

export const favouriteStateSchema = z.object({ itemId: z.string(), saved: z.boolean() });
export type FavouriteState = z.infer<typeof favouriteStateSchema>;
