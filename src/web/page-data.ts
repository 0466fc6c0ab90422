import type { QueryClient } from '@tanstack/react-query';
import type { AuthProviders, Captcha } from '../shared/auth.ts';
import type { MenuItem } from '../shared/menu.ts';
import type { Review } from '../shared/reviews.ts';
import type { StorefrontFacts } from '../shared/storefront-facts.ts';
import { AUTH_PROVIDERS_QUERY_KEY, captchaQueryKey } from './auth/api/auth-api.ts';
import { MENU_PREVIEW_QUERY_KEY, MENU_QUERY_KEY } from './menu/api/get-menu.ts';
import { dishQueryKey } from './menu/api/get-dish.ts';
import { reviewsQueryOptions } from './reviews/api/get-reviews.ts';
import { STOREFRONT_FACTS_QUERY_KEY } from './storefront/facts-query-key.ts';

export const PAGE_DATA_ELEMENT_ID = 'page-data';

/** Each field as its API call answers it, so the seeded queries hold what the browser would have fetched. */
export interface PageData {
  menu?: MenuItem[];
  menuPreview?: MenuItem[];
  reviews?: Review[];
  captcha?: Captcha;
  authProviders?: AuthProviders;
  dish?: MenuItem;
  facts?: StorefrontFacts;
}

/** The data a server-rendered page came with, for hydration to draw the same (none on other pages). */
export function readPageData(): PageData {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as PageData) : {};
}

/**
 * Puts a page's data into the query cache under the keys its components read: on the server
 * before drawing the page, in the browser before hydrating it, so both draw the same.
 */
export function seedQueries(queryClient: QueryClient, { menu, menuPreview, reviews, captcha, authProviders, dish, facts }: PageData): void {
  if (facts) queryClient.setQueryData(STOREFRONT_FACTS_QUERY_KEY, facts);
  if (dish) queryClient.setQueryData(dishQueryKey(dish._id), dish);
  if (menu) queryClient.setQueryData(MENU_QUERY_KEY, menu);
  if (menuPreview) queryClient.setQueryData(MENU_PREVIEW_QUERY_KEY, menuPreview);
  if (reviews) queryClient.setQueryData(reviewsQueryOptions.queryKey, reviews);
  if (captcha) queryClient.setQueryData(captchaQueryKey(0, 0), captcha);
  if (authProviders) queryClient.setQueryData(AUTH_PROVIDERS_QUERY_KEY, authProviders);
}
