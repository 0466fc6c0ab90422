/**
 * Where a server-drawn page's facts wait for hydration (page-data.ts seeds it,
 * use-storefront-texts.ts reads it). A module of its own: the app's first chunk, which imports
 * page-data.ts, then holds no storefront sentences.
 */
export const STOREFRONT_FACTS_QUERY_KEY = ['storefront-facts'] as const;
