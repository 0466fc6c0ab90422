import type { CartEntry } from '../../../shared/cart-constants.ts';
import { useFormat } from '../../i18n/format.ts';
import { useT } from '../../i18n/i18n.ts';
import { cartLines } from '../cart-lines.ts';

/** "Price changed: was $7.50 or $8.00, now $9.00" in the reader's language (the notice and the cart's price column). */
export function usePriceChangeText(): (was: readonly number[], now: number) => string {
  const t = useT();
  const format = useFormat();
  const money = (price: number) => format.money(price, { spaced: false });
  return (was, now) => t('cart.priceChanged', { was: was.map(money).join(t('cart.priceChanged.or')), now: money(now) });
}

/**
 * Before the customer pays: which dishes cost something else now than when they went into the cart
 * (the payment charges today's price). Nothing when no price changed. Shown above the cart's table
 * and on the payment page before the card.
 */
export function PriceChangeNotice({ entries }: { entries: readonly CartEntry[] }) {
  const t = useT();
  const priceChangeText = usePriceChangeText();
  const changed = cartLines(entries).filter((line) => line.pricesWhenAdded.length > 0);
  if (changed.length === 0) return null;
  return (
    <div data-testid="price-change-notice" className="rounded-lg border border-accent-500 bg-accent-400/20 p-3 text-sm text-stone-800">
      <p className="font-semibold">{t('cart.priceChangeNotice')}</p>
      <ul className="mt-1 list-disc pl-5">
        {changed.map((line) => (
          <li key={line.key}>
            {line.name}: {priceChangeText(line.pricesWhenAdded, line.price)}
          </li>
        ))}
      </ul>
    </div>
  );
}
