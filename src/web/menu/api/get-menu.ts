import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CATEGORIES, type Category } from '../../../shared/category-list.ts';
import type { MenuItem } from '../../../shared/menu.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { itemsOfCategory } from '../menu-by-category.ts';

/** The spec caches the menu under the query key 'menu'; every menu change invalidates it. */
export const MENU_QUERY_KEY = ['menu'] as const;

/** How long a fetched menu is fresh: pages opened within it do not ask again. */
const MENU_STALE_MS = 60_000;

export const menuQueryOptions = queryOptions({
  queryKey: MENU_QUERY_KEY,
  queryFn: ({ signal }) => apiRequest<MenuItem[]>('/items', { signal }),
  staleTime: MENU_STALE_MS,
});

export function useMenu() {
  return useQuery(menuQueryOptions);
}

/**
 * Keyed under ['menu', category] so a menu change invalidates it too. Served from a cached whole
 * menu without a request; otherwise only that category travels, not a large menu's other nine.
 */
export function useMenuItems(category?: Category, enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({
    enabled,
    queryKey: category === undefined ? [...MENU_QUERY_KEY] : [...MENU_QUERY_KEY, category],
    queryFn: ({ signal }) => apiRequest<MenuItem[]>(category === undefined ? '/items' : `/items?category=${category}`, { signal }),
    staleTime: MENU_STALE_MS,
    ...(category === undefined ? {} : fromCachedMenu(queryClient, (menu) => itemsOfCategory(menu, category))),
  });
}

/**
 * A part of the whole menu as a query's initial data, when the menu is cached (as fresh as it),
 * and not since invalidated by a change (useMenuEvents): then the part is read anew.
 */
export function fromCachedMenu<T>(queryClient: QueryClient, part: (menu: MenuItem[]) => T | undefined) {
  return {
    initialData: () => {
      if (queryClient.getQueryState(MENU_QUERY_KEY)?.isInvalidated) return undefined;
      const menu = queryClient.getQueryData<MenuItem[]>(MENU_QUERY_KEY);
      return menu && part(menu);
    },
    initialDataUpdatedAt: () => queryClient.getQueryState(MENU_QUERY_KEY)?.dataUpdatedAt,
  };
}

/** docs/product.md §9: the item list and the home page's offer show up to 4 items per category. */
export const ITEMS_PER_BLOCK = 4;

/** The first ITEMS_PER_BLOCK items of each category (GET /api/items?perCategory=), under the menu's key. */
export const MENU_PREVIEW_QUERY_KEY = [...MENU_QUERY_KEY, 'perCategory', ITEMS_PER_BLOCK] as const;

/** Only the first items per category, not a large menu's thousands; taken from a cached whole menu without a request. */
export function useMenuPreview() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: MENU_PREVIEW_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest<MenuItem[]>(`/items?perCategory=${ITEMS_PER_BLOCK}`, { signal }),
    staleTime: MENU_STALE_MS,
    ...fromCachedMenu(queryClient, (menu) => CATEGORIES.flatMap((category) => itemsOfCategory(menu, category, ITEMS_PER_BLOCK))),
  });
}
