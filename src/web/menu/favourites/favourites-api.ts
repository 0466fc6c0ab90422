import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FavouriteState } from '../../../shared/favourites.ts';
import type { MenuItem } from '../../../shared/menu.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { useAuth } from '../../auth/use-auth.ts';

/** The signed-in customer's saved dishes (GET /api/favourites), keyed by e-mail like the cart. */
export function favouritesQuery(email: string | undefined) {
  return queryOptions({
    queryKey: ['favourites', email],
    queryFn: ({ signal }) => apiRequest<MenuItem[]>('/favourites', { signal }),
    enabled: Boolean(email),
  });
}

/** The caller's favourites once the sign-in state has settled; nothing for a visitor. */
export function useFavourites() {
  const { user, loading } = useAuth();
  return useQuery({ ...favouritesQuery(user?.email), enabled: !loading && Boolean(user?.email) && !user?.guest });
}

/**
 * Saves or removes a dish (PUT / DELETE /api/favourites/:itemId). The heart answers at once: the
 * list is changed before the call and put back if the call fails; then it is read again.
 */
export function useSetFavourite() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const { queryKey } = favouritesQuery(user?.email);
  return useMutation({
    mutationFn: ({ item, saved }: { item: MenuItem; saved: boolean }) =>
      apiRequest<FavouriteState>(`/favourites/${encodeURIComponent(item._id)}`, { method: saved ? 'PUT' : 'DELETE' }),
    onMutate: async ({ item, saved }) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData<MenuItem[]>(queryKey);
      if (before) {
        const others = before.filter((favourite) => favourite._id !== item._id);
        queryClient.setQueryData<MenuItem[]>(queryKey, saved ? [item, ...others] : others);
      }
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
