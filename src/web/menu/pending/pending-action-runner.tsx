import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { FavouriteState } from '../../../shared/favourites.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { useToast } from '../../ui/toast.tsx';
import { useAuth } from '../../auth/use-auth.ts';
import { useAddToCart } from '../../cart/api/cart-api.ts';
import { favouritesQuery } from '../favourites/favourites-api.ts';
import { takePendingAction } from './pending-action.ts';

/**
 * Does what a visitor asked for before logging in (pending-action.ts), as soon as someone is
 * signed in on this tab: by the log-in form, sign-up or social sign-in alike. Mounted once in the
 * app; it draws nothing and says what it did in a message.
 */
export function PendingActionRunner() {
  const { user, loading } = useAuth();
  const { mutateAsync: addToCart } = useAddToCart();
  const queryClient = useQueryClient();
  const toast = useToast();
  const email = user?.email;

  useEffect(() => {
    if (loading || !email) return;
    const action = takePendingAction();
    if (!action) return;
    const { name, itemId } = action;
    if (action.kind === 'cart') {
      addToCart(itemId).then(
        () => toast.success(`${name} was added to your cart`),
        (error: Error) => toast.error(`${name} could not be added to your cart: ${error.message}`),
      );
    } else {
      apiRequest<FavouriteState>(`/favourites/${encodeURIComponent(itemId)}`, { method: 'PUT' })
        .then(() => queryClient.invalidateQueries({ queryKey: favouritesQuery(email).queryKey }))
        .then(
          () => toast.success(`${name} was saved to your favourites`),
          (error: Error) => toast.error(`${name} could not be saved to your favourites: ${error.message}`),
        );
    }
  }, [loading, email, addToCart, queryClient, toast]);

  return null;
}
