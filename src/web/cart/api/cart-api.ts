import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CartEntry } from '../../../shared/cart.ts';
import type { OptionSelection } from '../../../shared/dish-option-rules.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { useAuth } from '../../auth/use-auth.ts';

/** The cart query, keyed by the user's e-mail as the spec says (docs/product.md §9). */
export function cartQuery(email: string | undefined) {
  return queryOptions({
    queryKey: ['cart', email],
    queryFn: ({ signal }) => apiRequest<CartEntry[]>(`/cart?email=${encodeURIComponent(email!)}`, { signal }),
    enabled: Boolean(email),
  });
}

/**
 * GET /api/cart?email= for the signed-in user. Waits until the sign-in state has settled; its
 * length is the badge count and the cart count.
 */
export function useCart() {
  const { user, loading } = useAuth();
  const options = cartQuery(user?.email);
  return useQuery({ ...options, enabled: !loading && Boolean(user?.email) });
}

/** What POST /api/cart sends: the dish, and its chosen options (none: the dish's default). */
export type AddToCartRequest = string | { itemId: string; options?: OptionSelection; /** The cart line it adds to, for its busy state; not sent. */ key?: string };

/** POST /api/cart: the item id and options only; the server takes name, price and image from the menu. */
export function useAddToCart() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (request: AddToCartRequest) =>
      apiRequest<{ insertedId: string }>('/cart', { method: 'POST', body: typeof request === 'string' ? { itemId: request } : { itemId: request.itemId, options: request.options } }),
    onSuccess: async (result) => {
      if (!result.insertedId) return;
      const { queryKey } = cartQuery(user?.email);
      // A first read of the cart still on its way (it starts with the sign-in, as an add may) can
      // be answered from before the add, and a refresh would join it instead of asking again: it
      // is cancelled, and the cart read afresh.
      await queryClient.cancelQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** DELETE /api/cart/{id}: deletedCount > 0 means success, then the cart is refreshed. */
export function useDeleteCartEntry() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ deletedCount: number }>(`/cart/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: async () => queryClient.invalidateQueries({ queryKey: cartQuery(user?.email).queryKey }),
  });
}
