import { useEffect, useRef } from 'react';
import type { MenuItem } from '../../../shared/menu.ts';
import { useToast } from '../../ui/toast.tsx';
import { useAuth } from '../../auth/use-auth.ts';
import { useSendToLogin } from '../pending/use-send-to-login.ts';
import { useFavourites, useSetFavourite } from './favourites-api.ts';

/**
 * The heart on a dish: a toggle button that saves the dish to the customer's favourites
 * (docs/product.md §21). A visitor is sent to log in and the dish is saved once they have.
 * `overlay` sits on the card's picture; `plain` stands in the phone's compact list.
 */
export function FavouriteButton({ item, variant = 'overlay' }: { item: MenuItem; variant?: 'overlay' | 'plain' }) {
  const { user, loading } = useAuth();
  const favourites = useFavourites();
  const setFavourite = useSetFavourite();
  const sendToLogin = useSendToLogin();
  const toast = useToast();
  const saved = favourites.data?.some((favourite) => favourite._id === item._id) ?? false;

  // A click before the sign-in state is known (the moment after the page loads) waits for it:
  // deciding at once would send a signed-in customer to log in.
  const waiting = useRef(false);

  const toggle = () => {
    if (loading) {
      waiting.current = true;
      return;
    }
    if (!user) return sendToLogin('favourite', item);
    setFavourite.mutate(
      { item, saved: !saved },
      { onError: (error) => toast.error(`${item.name} could not be ${saved ? 'removed from' : 'saved to'} your favourites: ${error.message}`) },
    );
  };

  useEffect(() => {
    if (loading || !waiting.current) return;
    waiting.current = false;
    toggle();
  });

  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={saved}
      aria-label={`Save ${item.name} to favourites`}
      title={saved ? 'Saved to your favourites' : 'Save to favourites'}
      className={
        variant === 'overlay'
          ? 'flex h-11 w-11 items-center justify-center rounded-full bg-stone-900/45 backdrop-blur-sm transition-transform hover:scale-110'
          : 'flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-stone-100'
      }
    >
      <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
        <path
          d="M12 21s-7.5-4.6-9.6-9.3C1 8.5 3 4.5 6.8 4.5c2.1 0 3.6 1.2 5.2 3 1.6-1.8 3.1-3 5.2-3 3.8 0 5.8 4 4.4 7.2C19.5 16.4 12 21 12 21z"
          fill={saved ? '#b91c1c' : variant === 'overlay' ? '#ffffff' : 'none'}
          stroke={saved ? '#7f1d1d' : variant === 'overlay' ? '#1c1917' : '#57534e'}
          strokeWidth={variant === 'overlay' ? 1.2 : 1.8}
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
