import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { QueryError } from '../../ui/query-error.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { Page as NotFoundPage } from '../../storefront/pages/not-found-page.tsx';
import { useDish } from '../api/get-dish.ts';
import { DishLabels, SoldOutBadge } from '../components/dish-labels.tsx';
import { useAddButton } from '../components/use-add-button.ts';
import { useAddItemToCart } from '../hooks/use-add-item-to-cart.ts';
import { useMenuEvents } from '../hooks/use-menu-events.ts';
import { priceText } from '../item-price.ts';
import { useLanguage, useT } from '../../i18n/i18n.ts';

/**
 * /item/{id}: one dish (docs/product.md §18), drawn by the server with the dish (its link
 * previews and schema.org MenuItem come with the document: src/server/pages/dish-document.ts).
 * An unknown or hidden dish is the shop's not-found page (the server answers it with 404).
 */
export function Page() {
  const { id = '' } = useParams();
  const dish = useDish(id);
  const addToCart = useAddItemToCart();
  const add = useAddButton(dish.data);
  useMenuEvents();
  const t = useT();
  const language = useLanguage();
  usePageTitle(dish.data ? dish.data.name : t('dish.title'));

  if (dish.isError && dish.error instanceof ApiRequestError && dish.error.status === 404) return <NotFoundPage />;
  if (dish.isError) {
    return (
      <section className="mx-auto max-w-5xl px-4 py-16">
        <QueryError title={t('dish.error')} error={dish.error} onRetry={dish.refetch} className="" />
      </section>
    );
  }
  if (!dish.data) return <DishPlaceholder />;

  const item = dish.data;
  const reduced = item.newPrice !== undefined;
  return (
    <article className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-2 md:gap-12 md:py-16">
      <img
        src={item.image}
        alt={item.name}
        width={800}
        height={600}
        fetchPriority="high"
        className="aspect-[4/3] w-full rounded-xl bg-stone-200 object-cover shadow-sm"
      />
      <div className="flex flex-col gap-5">
        <nav aria-label={t('dish.breadcrumb')} className="text-sm">
          <Link to={paths.menu(item.category)} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
            ← {t(`menu.tab.${item.category}`)}
          </Link>
        </nav>
        <h1 className="font-display text-3xl font-bold text-stone-900 md:text-5xl">{item.name}</h1>
        <div className="flex flex-wrap items-center gap-3">
          <p className={`text-2xl font-bold ${reduced ? 'text-stone-500 line-through decoration-2' : 'text-stone-900'}`}>
            {reduced && <span className="sr-only">{t('price.was')}</span>}
            {priceText(item.price, language)}
          </p>
          {reduced && (
            <p className="rounded bg-accent-400 px-3 py-1 text-lg font-bold text-stone-900">{t('price.newWith', { price: priceText(item.newPrice!, language) })}</p>
          )}
          {item.soldOut && <SoldOutBadge />}
        </div>
        <p className="text-lg leading-relaxed text-stone-700">{item.recipe}</p>
        <DishLabels tags={item.tags} allergens={item.allergens} className="items-start [&_ul]:justify-start" />
        <div>
          <button
            type="button"
            disabled={add.disabled}
            title={add.reason}
            onClick={() => addToCart(item)}
            className="rounded-lg border-b-4 border-accent-500 bg-stone-900 px-8 py-3 font-semibold uppercase tracking-wide text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:border-stone-400 disabled:bg-stone-300 disabled:text-stone-700"
          >
            {item.soldOut ? t('menu.card.soldOut') : t('menu.card.add')}
          </button>
          {item.soldOut && <p className="mt-2 text-sm text-stone-600">{t('dish.soldOutText')}</p>}
        </div>
      </div>
    </article>
  );
}

/** The page's shape while the dish loads (a page opened in the browser), so nothing jumps. */
function DishPlaceholder() {
  return (
    <div aria-hidden="true" className="mx-auto grid max-w-6xl animate-pulse gap-8 px-4 py-10 md:grid-cols-2 md:gap-12 md:py-16">
      <div className="aspect-[4/3] w-full rounded-xl bg-stone-200" />
      <div className="flex flex-col gap-4">
        <div className="h-4 w-24 rounded bg-stone-200" />
        <div className="h-10 w-3/4 rounded bg-stone-200" />
        <div className="h-8 w-32 rounded bg-stone-200" />
        <div className="h-20 w-full rounded bg-stone-100" />
      </div>
    </div>
  );
}
