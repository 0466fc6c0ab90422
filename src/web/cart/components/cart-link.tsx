import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';

/** The header's cart link; the cart feature adds the item-count badge for signed-in users. */
export function CartLink() {
  return (
    <Link to={paths.dashboard.myCart} className="relative rounded-md p-2 hover:text-accent-400" aria-label="Cart">
      <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M3 4h2l2.4 11.2a2 2 0 002 1.6h7.8a2 2 0 002-1.6L21 8H6" />
        <circle cx="10" cy="20" r="1.5" />
        <circle cx="17" cy="20" r="1.5" />
      </svg>
    </Link>
  );
}
