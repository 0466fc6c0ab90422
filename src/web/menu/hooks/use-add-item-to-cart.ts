import { useCallback, useEffect, useRef } from 'react';
import type { MenuItem } from '../../../shared/menu.ts';
import { useToast } from '../../ui/toast.tsx';
import { useAuth } from '../../auth/use-auth.ts';
import { useAddToCart } from '../../cart/api/cart-api.ts';
import { chooseDishOptions, hasOptions } from '../options/options-request.ts';
import { useSendToLogin } from '../pending/use-send-to-login.ts';
import { useT } from '../../i18n/i18n.ts';

/**
 * A visitor goes to /login and the dish is added after sign-in (pending/pending-action-runner.tsx).
 * Once per page, not per card; each click awaits its own request, so two quick clicks both report.
 * A click while sign-in state loads waits for it, or a signed-in customer would be sent to /login.
 */
export function useAddItemToCart(): (item: MenuItem) => void {
  const sendToLogin = useSendToLogin();
  const { user, loading } = useAuth();
  const { mutateAsync: addToCart } = useAddToCart();
  const toast = useToast();
  const t = useT();
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
          if (result.insertedId) toast.success(t('menu.added', { name: item.name }));
        },
        (error: Error) => toast.error(error.message),
      );
    },
    [sendToLogin, user, addToCart, toast, t],
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
