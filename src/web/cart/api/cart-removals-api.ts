import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { useAuth } from '../../auth/use-auth.ts';

const removalsKey = (email: string | undefined) => ['cart', email, 'removed'] as const;

/** GET /api/cart/removed: dishes deleted from the menu while in the caller's cart, not yet told. */
export function useCartRemovals() {
  const { user, loading } = useAuth();
  return useQuery({
    queryKey: removalsKey(user?.email),
    queryFn: ({ signal }) => apiRequest<{ _id: string; name: string }[]>('/cart/removed', { signal }),
    enabled: !loading && Boolean(user?.email),
    // Told once: the notice stays on this page until the customer leaves, and is not read again.
    staleTime: Infinity,
  });
}

/** DELETE /api/cart/removed/{id}: the customer has been told. */
export function useForgetCartRemoval() {
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ deletedCount: number }>(`/cart/removed/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  });
}

export function useDropCartRemovals() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return () => queryClient.removeQueries({ queryKey: removalsKey(user?.email) });
}
