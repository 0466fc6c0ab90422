import { useRestaurantSettings } from '../settings/api/settings-api.ts';

/**
 * The restaurant's time zone (its settings' `timeZone`): every time on the board, the ticket and
 * the order pages reads on the restaurant's clock, whatever the zone of the device showing it.
 * Undefined until the settings have loaded.
 */
export function useShopTimeZone(): string | undefined {
  return useRestaurantSettings().data?.timeZone;
}
