import type { MenuItem } from '../../../shared/menu.ts';
import { priceText } from '../item-price.ts';
import { useLanguage, useT } from '../../i18n/i18n.ts';

/** One dish in a category block of the item list and the home page: picture, name, recipe, price. */
export function MenuItemRow({ item }: { item: MenuItem }) {
  const t = useT();
  const language = useLanguage();
  return (
    <li className="flex gap-4">
      <img
        src={item.image}
        alt=""
        width={800}
        height={600}
        loading="lazy"
        decoding="async"
        className="h-20 w-24 shrink-0 rounded-tr-[2.5rem] rounded-b-[2.5rem] bg-stone-200 object-cover sm:h-24 sm:w-32"
      />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-3">
          <h3 className="font-display text-base font-semibold uppercase sm:text-lg tracking-wide text-stone-900">
            {item.name} <span aria-hidden="true" className="hidden text-stone-400 sm:inline">------</span>
          </h3>
          <p className="shrink-0 text-right font-semibold text-accent-700">
            {item.newPrice !== undefined ? (
              <>
                <span className="mr-1 text-sm text-stone-500 line-through">
                  <span className="sr-only">{t('price.was')}</span>
                  {priceText(item.price, language)}
                </span>
                <span className="block text-xs uppercase">{t('price.new')}</span> {priceText(item.newPrice, language)}
              </>
            ) : (
              priceText(item.price, language)
            )}
          </p>
        </div>
        <p className="mt-1 text-sm text-stone-600">{item.recipe}</p>
      </div>
    </li>
  );
}

export function MenuItemRowPlaceholder() {
  return (
    <li aria-hidden="true" className="flex animate-pulse gap-4">
      <div className="h-20 w-24 shrink-0 rounded-tr-[2.5rem] rounded-b-[2.5rem] bg-stone-200 sm:h-24 sm:w-32" />
      <div className="flex-1 space-y-2 pt-1">
        <div className="h-5 w-1/2 rounded bg-stone-200" />
        <div className="h-4 w-full rounded bg-stone-100" />
      </div>
    </li>
  );
}
