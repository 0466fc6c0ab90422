import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMenuItem, ItemInput, MenuItem } from '../../../../shared/menu.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { MENU_QUERY_KEY } from '../../api/get-menu.ts';

/**
 * One item as its administrator edits it (GET /api/admin/items/{id}: English, whatever the page's
 * language, with the other languages' texts), prefilling the update form. Its key starts with the
 * menu's, so every menu change that invalidates 'menu' refreshes it too.
 */
export function itemQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...MENU_QUERY_KEY, 'admin', id],
    queryFn: ({ signal }) => apiRequest<AdminMenuItem>(`/admin/items/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useItem(id: string) {
  return useQuery(itemQueryOptions(id));
}

/** After any change the web app's 'menu' query (and every item under it) is fetched again. */
function useInvalidateMenu() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: MENU_QUERY_KEY });
}

/** POST /api/items → insertedId. */
export function useCreateItem() {
  const invalidate = useInvalidateMenu();
  return useMutation({
    mutationFn: (input: ItemInput) => apiRequest<{ insertedId: string }>('/items', { method: 'POST', body: input }),
    onSuccess: invalidate,
  });
}

/** PATCH /api/items/{id} → success. */
export function useUpdateItem(id: string) {
  const invalidate = useInvalidateMenu();
  return useMutation({
    mutationFn: (input: ItemInput) =>
      apiRequest<{ success: true; modifiedCount: number }>(`/items/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: input,
      }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/items/{id} → deletedCount (> 0 is success). */
export function useDeleteItem() {
  const invalidate = useInvalidateMenu();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ deletedCount: number }>(`/items/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** Every dish, the hidden ones too (GET /api/admin/items): Manage Items. Under the menu's key. */
export function useAdminMenu() {
  return useQuery({
    queryKey: [...MENU_QUERY_KEY, 'admin'],
    queryFn: ({ signal }) => apiRequest<MenuItem[]>('/admin/items', { signal }),
  });
}

/** PATCH /api/items/{id}/availability: the sold-out and hidden switches. */
export function useSetAvailability() {
  const invalidate = useInvalidateMenu();
  return useMutation({
    mutationFn: ({ id, ...switches }: { id: string; soldOut?: boolean; hidden?: boolean }) =>
      apiRequest<{ success: true; modifiedCount: number }>(`/items/${encodeURIComponent(id)}/availability`, { method: 'PATCH', body: switches }),
    onSuccess: invalidate,
  });
}
