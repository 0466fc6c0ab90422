import type { RestaurantSettings } from '../../../shared/restaurant-settings.ts';
import { useLanguage, useT } from '../../i18n/i18n.ts';
import { deliveryTermsText } from './delivery-terms-words.ts';

/** The delivery's terms above its address fields: the fee added to the dishes, the minimum, where it goes. */
export function DeliveryTerms({ settings, className = '' }: { settings: RestaurantSettings; className?: string }) {
  const t = useT();
  const language = useLanguage();
  return (
    <p data-testid="delivery-terms" className={`rounded-lg bg-brand-50 p-3 text-sm text-brand-900 ring-1 ring-brand-100 ${className}`}>
      {deliveryTermsText(settings, t, language)}
    </p>
  );
}
