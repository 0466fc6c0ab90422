import { Link } from 'react-router';
import { cartTotalCents } from '../../../shared/cart-constants.ts';
import { centsToPrice } from '../../../shared/money.ts';
import { paths } from '../../../shared/paths.ts';
import { useCart } from '../api/cart-api.ts';
import { useT } from '../../i18n/i18n.ts';
import { useFormat } from '../../i18n/format.ts';

/**
 * On phones the header's cart link is folded into the ☰ menu, so this bar stands in for it. Uses
 * the header badge's query so both agree; a spacer keeps it off the footer's last line.
 */
export function ViewCartBar() {
  const cart = useCart();
  const t = useT();
  const format = useFormat();
  const entries = cart.data;
  if (!entries || entries.length === 0) return null;
  const count = entries.length;
  const total = format.money(centsToPrice(cartTotalCents(entries)));
  return (
    <>
      <div aria-hidden="true" className="h-20 lg:hidden" />
      {/* A landmark of its own, as the header and footer are: it stays after the page's main content. */}
      <aside aria-label={t('cartBar.label')} className="view-cart-bar fixed inset-x-0 bottom-0 z-30 px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-2 lg:hidden">
        <Link
          to={paths.myCart}
          data-testid="view-cart-bar"
          className="mx-auto flex max-w-md items-center justify-between gap-3 rounded-xl bg-brand-800 px-5 py-3 font-semibold text-white shadow-lg ring-1 ring-brand-900/20 hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400"
        >
          <span>{t('cartBar.view')}</span>
          <span className="flex items-center gap-2">
            <span aria-hidden="true">·</span>
            <span className="inline-flex min-w-6 items-center justify-center rounded-full bg-accent-400 px-2 text-sm font-bold text-brand-900">
              {count}
              <span className="sr-only">&nbsp;{t('cartBar.items', { count })}</span>
            </span>
            <span aria-hidden="true">·</span>
            <span>{total}</span>
          </span>
        </Link>
      </aside>
    </>
  );
}
