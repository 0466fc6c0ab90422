import { sellerLines } from '../../../shared/order-totals.ts';
import { receiptSeller } from '../../../shared/restaurant-settings.ts';
import { useRestaurantSettings } from '../../settings/api/settings-api.ts';

/** The restaurant as a receipt names it (legal name, address, phone, tax number), from its settings. */
export function SellerDetails() {
  const settings = useRestaurantSettings().data;
  if (!settings) return null;
  const lines = sellerLines(receiptSeller(settings));
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
