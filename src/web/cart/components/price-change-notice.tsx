import { PRICE_CHANGE_NOTICE, priceChangeText, type CartEntry } from '../../../shared/cart-constants.ts';
import { cartLines } from '../cart-lines.ts';

/**
 * Before the customer pays: which dishes cost something else now than when they went into the cart
 * (the payment charges today's price). Nothing when no price changed. Shown above the cart's table
 * and on the payment page before the card.
 */
export function PriceChangeNotice({ entries }: { entries: readonly CartEntry[] }) {
  const changed = cartLines(entries).filter((line) => line.pricesWhenAdded.length > 0);
  if (changed.length === 0) return null;
  return (
    <div data-testid="price-change-notice" className="rounded-lg border border-accent-500 bg-accent-400/20 p-3 text-sm text-stone-800">
      <p className="font-semibold">{PRICE_CHANGE_NOTICE}</p>
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
