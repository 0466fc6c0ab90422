import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RestaurantTable, TableInput } from '../../../shared/tables.ts';
import { apiRequest } from '../../lib/api-client.ts';

const tablesKey = ['admin', 'tables'] as const;

/** GET /api/admin/tables (administrators): the tables, each with the link its QR code opens. */
export function useAdminTables() {
  return useQuery({ queryKey: tablesKey, queryFn: ({ signal }) => apiRequest<RestaurantTable[]>('/admin/tables', { signal }) });
}

/** POST, PUT, DELETE and regenerate on /api/admin/tables; the list is read again after each. */
export function useTableChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { kind: 'add'; input: TableInput } | { kind: 'edit'; id: string; input: TableInput } | { kind: 'remove' | 'regenerate'; id: string }) => {
      switch (change.kind) {
        case 'add':
          return apiRequest<unknown>('/admin/tables', { method: 'POST', body: change.input });
        case 'edit':
          return apiRequest<unknown>(`/admin/tables/${encodeURIComponent(change.id)}`, { method: 'PUT', body: change.input });
        case 'remove':
          return apiRequest<unknown>(`/admin/tables/${encodeURIComponent(change.id)}`, { method: 'DELETE' });
        case 'regenerate':
          return apiRequest<unknown>(`/admin/tables/${encodeURIComponent(change.id)}/regenerate`, { method: 'POST' });
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tablesKey }),
  });
}
