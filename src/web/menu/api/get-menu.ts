import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuItem } from '../../../shared/menu.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** The spec caches the menu under the query key 'menu'; every menu change invalidates it. */
export const MENU_QUERY_KEY = ['menu'] as const;

export const menuQueryOptions = queryOptions({
  queryKey: MENU_QUERY_KEY,
  queryFn: ({ signal }) => apiRequest<MenuItem[]>('/items', { signal }),
  staleTime: 60_000,
});

export function useMenu() {
  return useQuery(menuQueryOptions);
}
