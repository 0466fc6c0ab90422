import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { USERS_PAGE_SIZE, USERS_TOTAL_HEADER, type User } from '../../../shared/users.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** Every list of users is cached under 'users', so a change refreshes whichever page is shown. */
export const usersQuery = queryOptions({ queryKey: ['users'] });

/** GET /api/users?q&page&limit (administrators): one page of the search, and how many match in all. */
export function useUsers(search: string, page: number) {
  return useQuery({
    queryKey: ['users', search, page],
    queryFn: async ({ signal }) => {
      let total = 0;
      const params = new URLSearchParams({ q: search, page: String(page), limit: String(USERS_PAGE_SIZE) });
      const users = await apiRequest<User[]>(`/users?${params}`, {
        signal,
        onHeaders: (headers) => (total = Number(headers.get(USERS_TOTAL_HEADER) ?? 0)),
      });
      return { users, total };
    },
    // The page shown stays while the next one loads: the table does not jump.
    placeholderData: keepPreviousData,
  });
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
