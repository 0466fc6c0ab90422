import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MenuItem } from '../../../shared/menu.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { fromCachedMenu, MENU_QUERY_KEY } from './get-menu.ts';

/** One dish's key, under the menu's: a menu change (invalidating 'menu') reads it again. */
export const dishQueryKey = (id: string) => [...MENU_QUERY_KEY, id] as const;

/**
 * One dish (GET /api/items/{id}) for its page. When the whole menu is in the cache already (the
 * order page was open) the dish comes from it at once, then is read again in the background.
 */
export function useDish(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: dishQueryKey(id),
    queryFn: ({ signal }) => apiRequest<MenuItem>(`/items/${encodeURIComponent(id)}`, { signal }),
    staleTime: 60_000,
    // An unknown dish stays unknown: no retries before the page says so.
    retry: false,
    ...fromCachedMenu(queryClient, (menu) => menu.find((item) => item._id === id)),
  });
}
