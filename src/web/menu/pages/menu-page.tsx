import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { ItemCard, ItemCardPlaceholder } from '../components/item-card.tsx';
import { CompactOrCard } from '../components/compact-item-row.tsx';
import { FavouritesNotice } from '../favourites/favourites-notice.tsx';
import { useMenuTabItems } from '../favourites/use-menu-tab-items.ts';
import { useAddItemToCart } from '../hooks/use-add-item-to-cart.ts';
import { PageCover } from '../../ui/page-cover.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { MenuTabs, menuTabId } from '../components/menu-tabs.tsx';
import { MENU_TABS, initialMenuTab, type MenuTabKey } from '../menu-tabs.ts';

const PANEL_ID = 'menu-panel';
/** Cards in the first row or two load at once; the others only when scrolled near. */
const EAGER_CARDS = 3;
/**
 * Cards rendered in the first paint (two screenfuls on a wide screen), then this many more at
 * each idle moment until the tab is complete: a category of a thousand dishes would otherwise
 * block the first paint of its tab for seconds (docs/performance.md, growth figures), and the
 * demo menu's All Items (61 cards) held a phone's main thread for Lighthouse (score 89).
 */
const CARDS_PER_BATCH = 12;

/** How many of `total` cards to render now: one batch at first, growing after each paint. */
function useProgressiveCount(total: number, resetKey: string): number {
  const [state, setState] = useState({ key: resetKey, shown: CARDS_PER_BATCH });
  const shown = state.key === resetKey ? state.shown : CARDS_PER_BATCH;
  if (state.key !== resetKey) setState({ key: resetKey, shown: CARDS_PER_BATCH });
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => setState({ key: resetKey, shown: shown + CARDS_PER_BATCH }), 0);
    return () => clearTimeout(timer);
  }, [shown, total, resetKey]);
  return Math.min(shown, total);
}

/**
 * /order and /order/{category}: the cover, the 11 tabs and a grid of item cards. The tab lives
 * in the address (replaced, not pushed), so a shared or reloaded link opens the same tab.
 */
export function Page() {
  usePageTitle('Order Food');
  const { category } = useParams();
  const navigate = useNavigate();
  const active = initialMenuTab(category);
  // All Items needs the whole menu; a category's tab asks for its own items only; Favourites the customer's.
  const { data: menu, isPending, isError, error, refetch } = useMenuTabItems(active);
  // The long lists are compact rows on a phone (compact-item-row.tsx).
  const compact = active === 'all' || active === 'favourites';
  const items = menu ?? [];
  const shown = useProgressiveCount(items.length, active);
  const label = MENU_TABS.find((tab) => tab.key === active)!.label;
  const addToCart = useAddItemToCart();

  const select = (key: MenuTabKey) => {
    navigate(paths.menu(key), { replace: true, preventScrollReset: true });
  };

  return (
    <>
      <PageCover title="Order Us" text="Would you like to try a dish? Pick it and take it on your table." picture="fruit" />
      <section aria-label="Order food" className="mx-auto max-w-7xl px-4 py-12 md:py-16">
        <MenuTabs active={active} onSelect={select} panelId={PANEL_ID} />
        <div id={PANEL_ID} role="tabpanel" aria-labelledby={menuTabId(active)} tabIndex={0} className={`mt-10 focus:outline-none ${active === 'favourites' ? 'min-h-[60vh]' : ''}`}>
          <h2 className="sr-only">{label}</h2>
          {isError ? (
            <QueryError title="The menu could not be loaded" error={error} onRetry={refetch} className="" />
          ) : (
            <ul data-testid="menu-grid" className={`grid grid-cols-1 ${compact ? 'gap-3' : 'gap-8'} md:grid-cols-2 md:gap-8 lg:grid-cols-3`}>
              {isPending
                ? Array.from({ length: 6 }, (_, i) => (
                    <li key={i}>
                      <ItemCardPlaceholder />
                    </li>
                  ))
                : items.slice(0, shown).map((item, i) => (
                    <li key={item._id} className="flex">
                      {compact ? (
                        <CompactOrCard item={item} eager={i < EAGER_CARDS} onAddToCart={addToCart} />
                      ) : (
                        <ItemCard item={item} eager={i < EAGER_CARDS} onAddToCart={addToCart} />
                      )}
                    </li>
                  ))}
            </ul>
          )}
          {active === 'favourites' && <FavouritesNotice count={menu?.length} />}
          {menu && items.length === 0 && active !== 'favourites' && (
            <p className="py-16 text-center text-stone-600">No dishes in this category today. Please look at another tab.</p>
          )}
        </div>
      </section>
    </>
  );
}
