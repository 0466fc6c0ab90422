import { deliveryTermsWords, type RestaurantSettings } from '../../../shared/restaurant-settings.ts';

/** The delivery's terms above its address fields: the fee added to the dishes, the minimum, where it goes. */
export function DeliveryTerms({ settings, className = '' }: { settings: RestaurantSettings; className?: string }) {
  return (
    <p data-testid="delivery-terms" className={`rounded-lg bg-brand-50 p-3 text-sm text-brand-900 ring-1 ring-brand-100 ${className}`}>
      {deliveryTermsWords(settings).join(' ')}
    </p>
  );
}
