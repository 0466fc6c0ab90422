import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { FavouriteState } from '../../../shared/favourites.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { useToast } from '../../ui/toast.tsx';
import { useAuth } from '../../auth/use-auth.ts';
import { useAddToCart } from '../../cart/api/cart-api.ts';
import { favouritesQuery } from '../favourites/favourites-api.ts';
import type { MenuItem } from '../../../shared/menu.ts';
import { chooseDishOptions, hasOptions } from '../options/options-request.ts';
import { takePendingAction } from './pending-action.ts';
import { SIGNED_OUT_REASON } from './use-send-to-login.ts';

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

  // "Log in or sign up to…" has said its piece once someone is signed in.
  useEffect(() => {
    if (!loading && email) toast.resolved(SIGNED_OUT_REASON);
  }, [loading, email, toast]);

  useEffect(() => {
    if (loading || !email) return;
    const action = takePendingAction();
    if (!action) return;
    const { name, itemId } = action;
    // The list's first read starts with the sign-in too, and may be answered from before the
    // change; a refresh would join it rather than ask again. So it is cancelled once the change
    // is made, and the list read afresh (the cart's add does the same itself).
    // Resolves false when nothing was done yet: a dish with options opens its choice dialog instead.
    const change = async (): Promise<boolean> => {
      if (action.kind === 'cart') {
        const item = await apiRequest<MenuItem>(`/items/${encodeURIComponent(itemId)}`);
        if (hasOptions(item)) {
          chooseDishOptions(item);
          return false;
        }
        await addToCart(itemId);
        return true;
      }
      await apiRequest<FavouriteState>(`/favourites/${encodeURIComponent(itemId)}`, { method: 'PUT' });
      const { queryKey } = favouritesQuery(email);
      await queryClient.cancelQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey });
      return true;
    };
    const where = action.kind === 'cart' ? 'added to your cart' : 'saved to your favourites';
    change().then(
      (done) => done && toast.success(`${name} was ${where}`),
      (error: Error) => toast.error(`${name} could not be ${where}: ${error.message}`),
    );
  }, [loading, email, addToCart, queryClient, toast]);

  return null;
}
