import { useQueryClient } from '@tanstack/react-query';
import { storefrontFacts, storefrontTexts, type StorefrontFacts, type StorefrontTexts } from '../../shared/storefront-facts.ts';
import { useRestaurantSettings } from '../settings/api/settings-api.ts';
import { useHydrated } from '../ui/use-hydrated.ts';
import { useLanguage, useT } from '../i18n/i18n.ts';

import { STOREFRONT_FACTS_QUERY_KEY } from './facts-query-key.ts';

export { STOREFRONT_FACTS_QUERY_KEY };

/**
 * The storefront's words for the restaurant's settings (issue 43, point 5). Until the browser has
 * read the settings (the header's open-now line reads them after hydration), the facts the server
 * drew the page with, so hydration draws the same; afterwards the settings, so a change shows
 * without a reload. Neither yet (a page reached inside the app before the settings came): words
 * that promise nothing either way.
 */
export function useStorefrontTexts(): StorefrontTexts {
  const hydrated = useHydrated();
  const settings = useRestaurantSettings(hydrated).data;
  const drawn = useQueryClient().getQueryData<StorefrontFacts>(STOREFRONT_FACTS_QUERY_KEY);
  const facts = settings ? storefrontFacts(settings) : drawn;
  return storefrontTexts(facts, useT(), useLanguage());
}
