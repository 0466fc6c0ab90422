import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { MenuItem } from '../../../shared/menu.ts';
import { useToast } from '../../ui/toast.tsx';
import { useAuth } from '../../auth/use-auth.ts';
import { useSendToLogin } from '../pending/use-send-to-login.ts';
import { useFavourites, useSetFavourite } from './favourites-api.ts';
import { useT } from '../../i18n/i18n.ts';

interface FavouriteHearts {
  isSaved(itemId: string): boolean;
  /** Saves or removes the dish; a visitor is sent to log in, and the dish is saved once they have. */
  toggle(item: MenuItem): void;
}

const FavouriteHeartsContext = createContext<FavouriteHearts | null>(null);

/**
 * What every heart on a page shares (favourite-button.tsx): the customer's favourites, the change
 * and its messages, asked for once here rather than by each of a menu page's dozens of hearts
 * (each heart's own queries made the page's takeover long on a slow phone).
 */
export function FavouriteHeartsProvider({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const favourites = useFavourites();
  const { mutateAsync: setFavourite } = useSetFavourite();
  const sendToLogin = useSendToLogin();
  const toast = useToast();
  const t = useT();
  const saved = useMemo(() => new Set(favourites.data?.map((favourite) => favourite._id)), [favourites.data]);

  // A click before the sign-in state is known (the moment after the page loads) waits for it:
  // deciding at once would send a signed-in customer to log in.
  const waiting = useRef<MenuItem | null>(null);

  const toggle = useCallback(
    (item: MenuItem) => {
      if (loading) {
        waiting.current = item;
        return;
      }
      if (!user || user.guest) return sendToLogin('favourite', item);
      const wasSaved = saved.has(item._id);
      setFavourite({ item, saved: !wasSaved }).catch((error: Error) =>
        toast.error(wasSaved ? t('favourites.removeFailed', { name: item.name, error: error.message }) : t('favourites.saveFailed', { name: item.name, error: error.message })),
      );
    },
    [loading, user, saved, setFavourite, sendToLogin, toast, t],
  );

  useEffect(() => {
    const item = waiting.current;
    if (loading || !item) return;
    waiting.current = null;
    toggle(item);
  }, [loading, toggle]);

  const hearts = useMemo<FavouriteHearts>(() => ({ isSaved: (itemId) => saved.has(itemId), toggle }), [saved, toggle]);
  return <FavouriteHeartsContext.Provider value={hearts}>{children}</FavouriteHeartsContext.Provider>;
}

export function useFavouriteHearts(): FavouriteHearts {
  const hearts = useContext(FavouriteHeartsContext);
  if (!hearts) throw new Error('useFavouriteHearts outside FavouriteHeartsProvider');
  return hearts;
}
