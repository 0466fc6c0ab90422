import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MenuItem } from '../../../shared/menu.ts';
import { filtersToQuery, type MenuFilters } from '../../../shared/menu-search.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { MENU_QUERY_KEY } from './get-menu.ts';

/**
 * The menu's search (GET /api/items?q=, with the filters): the server's one matcher answers, over
 * the whole menu, whatever its size. Under the menu's key, so a menu change reads it again; the
 * last answer stays on screen while the next one comes (no flicker as the customer types).
 */
export function useMenuSearch(query: string, filters: MenuFilters) {
  const q = query.trim();
  const labels = filtersToQuery(filters);
  return useQuery({
    queryKey: [...MENU_QUERY_KEY, 'search', q, labels],
    queryFn: ({ signal }) => apiRequest<MenuItem[]>(`/items?q=${encodeURIComponent(q)}${labels ? `&${labels}` : ''}`, { signal }),
    enabled: q !== '',
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
