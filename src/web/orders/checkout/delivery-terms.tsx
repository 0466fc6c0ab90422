import { formatPrice } from '../../../shared/money.ts';
import type { RestaurantSettings } from '../../../shared/restaurant-settings.ts';

/** The delivery's terms above its address fields: the fee added to the dishes, the minimum, where it goes. */
export function DeliveryTerms({ settings, className = '' }: { settings: RestaurantSettings; className?: string }) {
  const terms = [
    settings.deliveryFee > 0 ? `A delivery fee of $${formatPrice(settings.deliveryFee)} is added to your dishes.` : 'Delivery is free.',
    settings.minimumOrder > 0 ? `Minimum order $${formatPrice(settings.minimumOrder)}.` : '',
    settings.postalCodes.length > 0 ? `We deliver to ${settings.postalCodes.join(', ')}.` : '',
  ].filter(Boolean);
  return (
    <p data-testid="delivery-terms" className={`rounded-lg bg-brand-50 p-3 text-sm text-brand-900 ring-1 ring-brand-100 ${className}`}>
      {terms.join(' ')}
    </p>
  );
}
