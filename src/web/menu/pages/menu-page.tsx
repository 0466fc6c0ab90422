import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { passesFilters } from '../../../shared/dish-labels.ts';
import type { MenuItem } from '../../../shared/menu.ts';
import { filtersToQuery, NO_FILTERS, SEARCH_RESULTS_MAX, type MenuFilters as Filters } from '../../../shared/menu-search.ts';
import { paths } from '../../../shared/paths.ts';
import { useMenuSearch } from '../api/search-menu.ts';
import { MenuFilters } from '../components/menu-filters.tsx';
import { DISHES_PER_PAGE, MenuPager } from '../components/menu-pager.tsx';
import { MenuSearchBox } from '../components/menu-search-box.tsx';
import { CompactOrCard } from '../components/compact-item-row.tsx';
import { FavouritesNotice } from '../favourites/favourites-notice.tsx';
import { useMenuTabItems } from '../favourites/use-menu-tab-items.ts';
import { useMenuEvents } from '../hooks/use-menu-events.ts';
import { ItemCard, ItemCardPlaceholder } from '../components/item-card.tsx';
import { useAddItemToCart } from '../hooks/use-add-item-to-cart.ts';
import { useEscapeKeepsRecipe } from '../components/use-escape-keeps-recipe.ts';
import { PageCover } from '../../ui/page-cover.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { TableBanner } from '../../tables/components/table-banner.tsx';
import { MenuTabs, menuTabId } from '../components/menu-tabs.tsx';
import { MENU_TABS, initialMenuTab, type MenuTabKey } from '../menu-tabs.ts';
import { useT } from '../../i18n/i18n.ts';

const PANEL_ID = 'menu-panel';
/** Cards in the first row or two load at once; the others only when scrolled near. */
const EAGER_CARDS = 3;
/**
 * The first paint draws FIRST_CARDS (the ones the server draws), then CARDS_PER_TASK per task:
 * a large category in one go would hold a phone's main thread in one long task.
 */
const FIRST_CARDS = 12;
const CARDS_PER_TASK = 4;

function useProgressiveCount(total: number, resetKey: string): number {
  const [state, setState] = useState({ key: resetKey, shown: FIRST_CARDS });
  const shown = state.key === resetKey ? state.shown : FIRST_CARDS;
  if (state.key !== resetKey) setState({ key: resetKey, shown: FIRST_CARDS });
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => setState({ key: resetKey, shown: shown + CARDS_PER_TASK }), 0);
    return () => clearTimeout(timer);
  }, [shown, total, resetKey]);
  return Math.min(shown, total);
}

interface EntryProps {
  item: MenuItem;
  compact: boolean;
  eager: boolean;
  onAddToCart: (item: MenuItem) => void;
}

/**
 * A component of its own so each batch redraws only the grid, not the search, filters and tabs;
 * cards already drawn are skipped (`memo`), so a batch doesn't grow with the ones before it.
 */
function CardGrid({ items, resetKey, ...entry }: { items: MenuItem[]; resetKey: string } & Omit<EntryProps, 'item' | 'eager'>) {
  const shown = useProgressiveCount(items.length, resetKey);
  return items.slice(0, shown).map((item, i) => (
    <li key={item._id} className="flex">
      <MenuEntry item={item} eager={i < EAGER_CARDS} {...entry} />
    </li>
  ));
}

const MenuEntry = memo(function MenuEntry({ item, compact, eager, onAddToCart }: EntryProps) {
  return compact ? <CompactOrCard item={item} eager={eager} onAddToCart={onAddToCart} /> : <ItemCard item={item} eager={eager} onAddToCart={onAddToCart} />;
});

/** The page of a list that is shown: the first again whenever the list itself changes (`resetKey`). */
function usePage(resetKey: string): [number, (page: number) => void] {
  const [state, setState] = useState({ key: resetKey, page: 0 });
  const page = state.key === resetKey ? state.page : 0;
  return [page, useCallback((next: number) => setState({ key: resetKey, page: next }), [resetKey])];
}

/**
 * The tab lives in the address (replaced, not pushed) so a shared or reloaded link opens it.
 * Search covers the whole menu on the server; filters apply to tab and search alike.
 */
export function Page() {
  const t = useT();
  usePageTitle(t('menu.title'));
  const { category } = useParams();
  const navigate = useNavigate();
  const active = initialMenuTab(category);
  // All Items needs the whole menu; a category's tab asks for its own items only; Favourites the customer's.
  const { data: menu, isPending, isError, error, refetch } = useMenuTabItems(active);
  // The long lists are compact rows on a phone (compact-item-row.tsx).
  const compact = active === 'all' || active === 'favourites';
  const [query, setQuery] = useState('');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const searching = query.trim() !== '';
  const search = useMenuSearch(query, filters);
  const tabItems = useMemo(() => (menu ?? []).filter((item) => passesFilters(item, filters)), [menu, filters]);
  const items = searching ? (search.data ?? []) : tabItems;
  const listKey = `${active}|${searching ? query.trim() : ''}|${filtersToQuery(filters)}`;
  const [page, setPage] = usePage(listKey);
  const pageItems = items.slice(page * DISHES_PER_PAGE, (page + 1) * DISHES_PER_PAGE);
  const label = t(MENU_TABS.find((tab) => tab.key === active)!.labelId);
  const addToCart = useAddItemToCart();
  useMenuEvents();
  useEscapeKeepsRecipe();
  const panel = useRef<HTMLDivElement>(null);
  const turnPage = (next: number) => {
    setPage(next);
    panel.current?.scrollIntoView({ block: 'start' });
  };
  const loading = searching ? search.isPending : isPending;
  const failed = searching ? search.isError : isError;

  const select = (key: MenuTabKey) => {
    navigate(paths.menu(key), { replace: true, preventScrollReset: true });
  };

  return (
    <>
      <PageCover title={t('menu.cover.title')} text={t('menu.cover.text')} picture="fruit" />
      <section aria-label={t('menu.section')} className="mx-auto max-w-7xl px-4 py-12 md:py-16">
        <TableBanner />
        <MenuSearchBox onSearch={setQuery} />
        <MenuFilters value={filters} onChange={setFilters} />
        <div className="mt-8">
          <MenuTabs active={active} onSelect={select} panelId={PANEL_ID} />
        </div>
        <div ref={panel} id={PANEL_ID} role="tabpanel" aria-labelledby={menuTabId(active)} tabIndex={0} className={`mt-10 scroll-mt-4 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700 ${active === 'favourites' ? 'min-h-[60vh]' : ''}`}>
          {searching ? (
            <h2 className="mb-6 text-center text-lg font-semibold text-stone-800" aria-live="polite">
              {!search.data
                ? t('menu.searching', { query: query.trim() })
                : search.data.length === 0
                  ? t('menu.results')
                  : t('menu.results.count', { count: search.data.length, more: search.data.length === SEARCH_RESULTS_MAX ? '+' : '', query: query.trim() })}
            </h2>
          ) : (
            <h2 className="sr-only">{label}</h2>
          )}
          {failed ? (
            searching ? (
              <QueryError title={t('menu.error.search')} error={search.error!} onRetry={search.refetch} className="" />
            ) : (
              <QueryError title={t('menu.error.menu')} error={error!} onRetry={refetch} className="" />
            )
          ) : (
            <ul data-testid="menu-grid" className={`grid grid-cols-1 ${compact ? 'gap-3' : 'gap-8'} md:grid-cols-2 md:gap-8 lg:grid-cols-3`}>
              {loading
                ? Array.from({ length: 6 }, (_, i) => (
                    <li key={i}>
                      <ItemCardPlaceholder />
                    </li>
                  ))
                : <CardGrid items={pageItems} compact={compact} onAddToCart={addToCart} resetKey={`${listKey}|${page}`} />}
            </ul>
          )}
          {active === 'favourites' && !searching && <FavouritesNotice count={menu?.length} />}
          {!loading && !failed && items.length === 0 && !(active === 'favourites' && !searching) && (
            <p role="status" className="py-16 text-center text-stone-600">
              {searching
                ? t(filtersToQuery(filters) ? 'menu.empty.searchFiltered' : 'menu.empty.search', { query: query.trim() })
                : menu && menu.length > 0
                  ? t('menu.empty.filtered')
                  : t('menu.empty.category')}
            </p>
          )}
          <MenuPager page={page} total={items.length} onPage={turnPage} />
        </div>
      </section>
    </>
  );
}
