import { useCallback, useEffect, useRef } from 'react';
import type { MenuItem } from '../../../shared/menu.ts';
import { useToast } from '../../ui/toast.tsx';
import { useAuth } from '../../auth/use-auth.ts';
import { useAddToCart } from '../../cart/api/cart-api.ts';
import { chooseDishOptions, hasOptions } from '../options/options-request.ts';
import { useSendToLogin } from '../pending/use-send-to-login.ts';

/**
 * What the 'Take on table' button does (docs/product.md §4): a signed-in user's item goes to the cart
 * and the cart count refreshes; a visitor goes to /login, which brings them back to this page, and
 * the dish is added once they are signed in (pending/pending-action-runner.tsx).
 * Called once per page, not per card (a grid has up to hundreds): each call waits on its own
 * request (`mutateAsync`), so two quick clicks on two cards both say how they went.
 *
 * A click while the sign-in state is still loading (just after the page has loaded) waits for it:
 * deciding at once would send a signed-in customer to /login.
 */
export function useAddItemToCart(): (item: MenuItem) => void {
  const sendToLogin = useSendToLogin();
  const { user, loading } = useAuth();
  const { mutateAsync: addToCart } = useAddToCart();
  const toast = useToast();
  const waiting = useRef<MenuItem | null>(null);
  const add = useCallback(
    (item: MenuItem) => {
      if (!user?.email) {
        sendToLogin('cart', item);
        return;
      }
      // A dish with options goes in through the choice dialog (docs/decisions/0023-dish-options.md).
      if (hasOptions(item)) return chooseDishOptions(item);
      addToCart(item._id).then(
        (result) => {
          if (result.insertedId) toast.success(`${item.name} is on your table`);
        },
        (error: Error) => toast.error(error.message),
      );
    },
    [sendToLogin, user, addToCart, toast],
  );
  useEffect(() => {
    if (loading || !waiting.current) return;
    const item = waiting.current;
    waiting.current = null;
    add(item);
  }, [loading, add]);
  return useCallback(
    (item: MenuItem) => {
      if (loading) waiting.current = item;
      else add(item);
    },
    [loading, add],
  );
}
