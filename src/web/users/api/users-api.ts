import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../shared/users.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** GET /api/users (administrators), cached under 'users'. */
export const usersQuery = queryOptions({
  queryKey: ['users'],
  queryFn: () => apiRequest<User[]>('/users'),
});

export function useUsers() {
  return useQuery(usersQuery);
}

/** PATCH /api/users/admin/{id}: promotes; a modification refreshes the list. */
export function usePromoteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ modifiedCount: number }>(`/users/admin/${encodeURIComponent(id)}`, { method: 'PATCH' }),
    onSuccess: async (result) => {
      if (result.modifiedCount > 0) await queryClient.invalidateQueries({ queryKey: usersQuery.queryKey });
    },
  });
}

/** DELETE /api/users/admin/{id}: deletedCount > 0 refreshes the list. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ deletedCount: number }>(`/users/admin/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: async (result) => {
      if (result.deletedCount > 0) await queryClient.invalidateQueries({ queryKey: usersQuery.queryKey });
    },
  });
}

/**
 * PATCH /api/users/role/{id} (administrators): makes a customer staff, or takes it back. Staff run
 * the order board; administrators stay administrators (the server refuses to change them here).
 */
export function useSetStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: 'user' | 'staff' }) =>
      apiRequest<{ modifiedCount: number }>(`/users/role/${encodeURIComponent(id)}`, { method: 'PATCH', body: { role } }),
    onSuccess: async (result) => {
      if (result.modifiedCount > 0) await queryClient.invalidateQueries({ queryKey: usersQuery.queryKey });
    },
  });
}
