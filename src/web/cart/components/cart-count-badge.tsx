import { useCart } from '../api/cart-api.ts';
import { useT } from '../../i18n/i18n.ts';

/**
 * The number of dishes in the signed-in user's cart (spec: the length of GET /cart). Nothing
 * for a visitor or while the count loads, and no pill at zero; the count is read out with its meaning.
 */
export function CartCountBadge({ className = '' }: { className?: string }) {
  const cart = useCart();
  const t = useT();
  if (!cart.data) return null;
  const count = cart.data.length;
  return (
    <span data-testid="cart-count" data-count={count}>
      {count > 0 && (
        <span
          aria-hidden="true"
          className={`inline-flex min-w-5 items-center justify-center rounded-full bg-accent-400 px-1.5 text-xs font-bold leading-5 text-brand-900 ${className}`}
        >
          {count}
        </span>
      )}
      <span className="sr-only">{t('nav.cartCount', { count })}</span>
    </span>
  );
}
