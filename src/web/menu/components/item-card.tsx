import { memo } from 'react';
import { Link } from 'react-router';
import type { MenuItem } from '../../../shared/menu.ts';
import { paths } from '../../../shared/paths.ts';
import { FavouriteButton } from '../favourites/favourite-button.tsx';
import { DishLabels, SoldOutBadge } from './dish-labels.tsx';
import { useAddButton } from './use-add-button.ts';
import { priceText } from '../item-price.ts';
import { useLanguage, useT } from '../../i18n/i18n.ts';

interface ItemCardProps {
  item: MenuItem;
  /** Cards in the first screenful load at once; the rest wait until they are scrolled near. */
  eager?: boolean;
  /** What 'Take on table' does: the page's one `useAddItemToCart`. */
  onAddToCart: (item: MenuItem) => void;
}

/** Memoized: a long tab renders cards in batches, and cards already drawn needn't render again. */
export const ItemCard = memo(function ItemCard({ item, eager = false, onAddToCart }: ItemCardProps) {
  const reduced = item.newPrice !== undefined;
  const add = useAddButton(item);
  const t = useT();
  const language = useLanguage();
  return (
    <article className="item-card flex w-full flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-stone-200 transition-shadow hover:shadow-lg">
      <div className="relative">
        <img
          src={item.image}
          alt={item.name}
          width={800}
          height={600}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-[4/3] w-full bg-stone-200 object-cover"
        />
        <div className="absolute left-3 top-3">
          <FavouriteButton item={item} />
        </div>
        <div className="absolute right-3 top-3 flex flex-col items-end gap-1">
          <p className={`rounded bg-stone-900 px-3 py-1 text-sm font-bold text-white ${reduced ? 'line-through decoration-2' : ''}`}>
            {reduced && <span className="sr-only">{t('price.was')}</span>}
            {priceText(item.price, language)}
          </p>
          {reduced && (
            <p className="rounded bg-accent-400 px-3 py-1 text-sm font-bold text-stone-900">
              {t('price.newWith', { price: priceText(item.newPrice!, language) })}
            </p>
          )}
          {item.soldOut && <SoldOutBadge />}
        </div>
      </div>
      <div className="flex flex-1 flex-col items-center px-6 pb-6 pt-5 text-center">
        <h3 className="text-xl font-semibold text-stone-900">
          <Link to={paths.dish(item._id)} className="underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700">
            {item.name}
          </Link>
        </h3>
        <DishLabels tags={item.tags} allergens={item.allergens} className="mt-2" />
        {item.options && <p className="mt-1 text-sm text-stone-600">{t('menu.card.choose', { options: item.options.map((group) => group.name.toLowerCase()).join(', ') })}</p>}
        <div className="add-to-cart-area mt-3 w-full flex-1 items-center">
          <p className="item-recipe text-sm leading-relaxed text-stone-600">{item.recipe}</p>
          <div className="flex items-center justify-center">
            <button
              type="button"
              disabled={add.disabled}
              title={add.reason}
              onClick={() => onAddToCart(item)}
              aria-haspopup={item.options ? 'dialog' : undefined}
              className="add-to-cart-button rounded-lg border-b-4 border-accent-500 bg-stone-100 px-6 py-3 font-semibold uppercase tracking-wide text-accent-700 hover:border-stone-900 hover:bg-stone-900 hover:text-white disabled:cursor-not-allowed disabled:border-stone-400 disabled:bg-stone-200 disabled:text-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              {item.soldOut ? t('menu.card.soldOut') : t('menu.card.add')}
            </button>
          </div>
        </div>
      </div>
    </article>
  );
});

/** A grey card of the same size, shown while the menu loads, so the grid does not jump. */
export function ItemCardPlaceholder() {
  return (
    <div aria-hidden="true" className="flex animate-pulse flex-col overflow-hidden rounded-lg bg-white ring-1 ring-stone-200">
      <div className="aspect-[4/3] w-full bg-stone-200" />
      <div className="flex flex-col items-center gap-3 px-6 pb-6 pt-5">
        <div className="h-6 w-2/3 rounded bg-stone-200" />
        <div className="h-4 w-full rounded bg-stone-100" />
        <div className="h-4 w-5/6 rounded bg-stone-100" />
      </div>
    </div>
  );
}
