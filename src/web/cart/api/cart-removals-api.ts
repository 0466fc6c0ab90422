import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { useAuth } from '../../auth/use-auth.ts';

/** Not under the cart's key: a change of the cart must not read the notices again while shown. */
const removalsKey = (email: string | undefined) => ['cart-removed', email] as const;

/** GET /api/cart/removed: dishes deleted from the menu while in the caller's cart, not yet told. */
export function useCartRemovals() {
  const { user, loading } = useAuth();
  return useQuery({
    queryKey: removalsKey(user?.email),
    queryFn: ({ signal }) => apiRequest<{ _id: string; name: string }[]>('/cart/removed', { signal }),
    enabled: !loading && Boolean(user?.email),
    // Told once: the notice stays while the page is open (never read again meanwhile), and is
    // dropped from the cache as soon as the page goes, so the next visit reads anew (then nothing).
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** DELETE /api/cart/removed/{id}: the customer has been told. */
export function useForgetCartRemoval() {
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ deletedCount: number }>(`/cart/removed/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  });
}
