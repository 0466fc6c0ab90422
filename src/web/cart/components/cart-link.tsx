import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { CartCountBadge } from './cart-count-badge.tsx';
import { useT } from '../../i18n/i18n.ts';

/** The header's cart link, with the item-count badge for a signed-in user. */
export function CartLink() {
  const t = useT();
  return (
    <Link to={paths.myCart} className="relative flex items-center gap-1 rounded-md p-2 hover:text-accent-400">
      <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M3 4h2l2.4 11.2a2 2 0 002 1.6h7.8a2 2 0 002-1.6L21 8H6" />
        <circle cx="10" cy="20" r="1.5" />
        <circle cx="17" cy="20" r="1.5" />
      </svg>
      <span className="sr-only">{t('nav.cart')}</span>
      <CartCountBadge />
    </Link>
  );
}
