import type { MenuItem } from '../../../shared/menu.ts';
import { useAuth } from '../../auth/use-auth.ts';
import { useMenuItems } from '../api/get-menu.ts';
import type { MenuTabKey } from '../menu-tabs.ts';
import { useFavourites } from './favourites-api.ts';

/** What the menu page's grid shows of a tab: its dishes, or the query's loading or failure. */
export type MenuTabItems = {
  data: MenuItem[] | undefined;
  isPending: boolean;
  refetch: () => unknown;
} & ({ isError: true; error: Error } | { isError: false; error: Error | null });

/**
 * The dishes of a menu tab: a category's, the whole menu's (All Items), or the signed-in
 * customer's favourites. A visitor's Favourites tab is empty at once (favourites-notice.tsx says
 * why) rather than loading forever; only the tab on screen asks the server.
 */
export function useMenuTabItems(active: MenuTabKey): MenuTabItems {
  const favouritesTab = active === 'favourites';
  const menu = useMenuItems(active === 'all' || favouritesTab ? undefined : active, !favouritesTab);
  const favourites = useFavourites();
  const { user, loading } = useAuth();
  if (!favouritesTab) return menu;
  if (!loading && (!user || user.guest)) return { data: [], isPending: false, isError: false, error: null, refetch: favourites.refetch };
  // No placeholder cards while the list loads: its length is unknown (often short, or empty for a
  // visitor), and six grey cards replaced by one line moved the page (layout shift 0.2).
  return { ...favourites, isPending: false };
}
