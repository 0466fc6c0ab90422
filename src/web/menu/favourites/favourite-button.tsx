import type { MenuItem } from '../../../shared/menu.ts';
import { useHydrated } from '../../ui/use-hydrated.ts';
import { useFavouriteHearts } from './favourite-hearts.tsx';
import { useT } from '../../i18n/i18n.ts';

/**
 * The heart on a dish: a toggle button that saves the dish to the customer's favourites
 * (docs/product.md §21). A visitor is sent to log in and the dish is saved once they have.
 * `overlay` sits on the card's picture; `plain` stands in the phone's compact list.
 */
export function FavouriteButton({ item, variant = 'overlay' }: { item: MenuItem; variant?: 'overlay' | 'plain' }) {
  const hearts = useFavouriteHearts();
  const t = useT();
  // Drawn first as the server drew it (not saved): ui/use-hydrated.ts says why.
  const saved = useHydrated() && hearts.isSaved(item._id);
  const toggle = () => hearts.toggle(item);

  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={saved}
      aria-label={t('menu.favourites.saveDish', { name: item.name })}
      title={saved ? t('menu.favourites.saved') : t('menu.favourites.save')}
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
