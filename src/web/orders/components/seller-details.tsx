import { receiptSeller } from '../../../shared/restaurant-settings.ts';
import { useRestaurantSettings } from '../../settings/api/settings-api.ts';
import { useOrderWords } from '../use-order-words.ts';

/** The restaurant as a receipt names it (legal name, address, phone, tax number), from its settings. */
export function SellerDetails() {
  const settings = useRestaurantSettings().data;
  const words = useOrderWords();
  if (!settings) return null;
  const lines = words.sellerLines(receiptSeller(settings));
  return (
    <address data-testid="seller-details" className="mt-3 border-t border-stone-200 pt-2 text-xs not-italic text-stone-600">
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
