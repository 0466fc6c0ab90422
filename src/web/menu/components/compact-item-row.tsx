import { useSyncExternalStore } from 'react';
import type { MenuItem } from '../../../shared/menu.ts';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { FavouriteButton } from '../favourites/favourite-button.tsx';
import { priceText } from '../item-price.ts';
import { ItemCard } from './item-card.tsx';
import { useAddButton } from './use-add-button.ts';
import { useLanguage, useT } from '../../i18n/i18n.ts';

interface EntryProps {
  item: MenuItem;
  eager?: boolean;
  onAddToCart: (item: MenuItem) => void;
}

/** Below Tailwind's `md`: the phone widths that get the compact rows. */
const PHONE_QUERY = '(max-width: 767.98px)';
let phoneQuery: MediaQueryList | undefined;
const phoneList = () => (phoneQuery ??= window.matchMedia(PHONE_QUERY));
const subscribe = (onChange: () => void) => {
  phoneList().addEventListener('change', onChange);
  return () => phoneList().removeEventListener('change', onChange);
};

/**
 * Whether the screen is a phone's width; null while the server's page is drawn or hydrated, when
 * the width is not known to the page's first drawing.
 */
function usePhoneWidth(): boolean | null {
  return useSyncExternalStore(subscribe, () => phoneList().matches, () => null);
}

/**
 * A compact row on phones, the card from tablet width up. The server draws both and CSS picks, so
 * the first paint is right at any width; after hydration only the fitting one is kept, so a large
 * list isn't drawn twice. Both use the same picture URL, loaded once.
 */
export function CompactOrCard({ item, eager = false, onAddToCart }: EntryProps) {
  const phone = usePhoneWidth();
  return (
    <>
      {phone !== false && <CompactItemRow item={item} eager={eager} onAddToCart={onAddToCart} />}
      {phone !== true && (
        <div className="hidden w-full md:flex">
          <ItemCard item={item} eager={eager} onAddToCart={onAddToCart} />
        </div>
      )}
    </>
  );
}

function CompactItemRow({ item, eager, onAddToCart }: EntryProps) {
  const reduced = item.newPrice !== undefined;
  const add = useAddButton(item);
  const t = useT();
  const language = useLanguage();
  return (
    <div data-testid="compact-item" className="flex w-full items-center gap-3 rounded-lg bg-white p-2 shadow-sm ring-1 ring-stone-200 md:hidden">
      <img
        src={item.image}
        alt=""
        width={800}
        height={600}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className="h-20 w-20 shrink-0 rounded-md bg-stone-200 object-cover"
      />
      <div className="min-w-0 flex-1">
        <h3 className="line-clamp-2 font-semibold leading-snug text-stone-900">
          <Link to={paths.dish(item._id)} className="underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700">
            {item.name}
          </Link>
        </h3>
        <p className="mt-1 text-sm font-semibold text-accent-700">
          {reduced ? (
            <>
              <span className="mr-1.5 font-normal text-stone-500 line-through">
                <span className="sr-only">{t('price.was')}</span>
                {priceText(item.price, language)}
              </span>
              <span className="sr-only">{t('price.new')} </span>
              {priceText(item.newPrice!, language)}
            </>
          ) : (
            priceText(item.price, language)
          )}
        </p>
      </div>
      <FavouriteButton item={item} variant="plain" />
      <button
        type="button"
        disabled={add.disabled}
        title={add.reason}
        onClick={() => onAddToCart(item)}
        className="shrink-0 rounded-lg border-b-4 border-accent-500 bg-stone-100 px-3 py-2.5 text-sm font-semibold uppercase tracking-wide text-accent-700 hover:bg-stone-900 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:border-stone-400 disabled:bg-stone-200 disabled:text-stone-700"
      >
        {item.soldOut ? (
          <>
            {t('menu.card.soldOut')}<span className="sr-only">: {item.name}</span>
          </>
        ) : (
          <>
            {t('menu.card.take')}<span className="sr-only">{t('menu.card.takeDish', { name: item.name })}</span>
          </>
        )}
      </button>
    </div>
  );
}
