import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { seedQueries } from '../../src/web/page-data.ts';
import { AUTH_PROVIDERS_QUERY_KEY, captchaQueryKey } from '../../src/web/auth/api/auth-api.ts';
import { dishQueryKey } from '../../src/web/menu/api/get-dish.ts';
import { MENU_PREVIEW_QUERY_KEY, MENU_QUERY_KEY } from '../../src/web/menu/api/get-menu.ts';
import { reviewsQueryOptions } from '../../src/web/reviews/api/get-reviews.ts';
import type { PageData } from '../../src/web/page-data.ts';
import { STOREFRONT_FACTS_QUERY_KEY } from '../../src/web/storefront/use-storefront-texts.ts';

/**
 * A server-rendered page's data into the query cache (src/web/page-data.ts, seedQueries): each
 * part under the key its components read, or hydration draws another page than the server did.
 */
const dish = (id: string, category = 'offered') => ({ _id: id, name: `Dish ${id}`, category }) as unknown as NonNullable<PageData['dish']>;

describe('seedQueries', () => {
  it("puts each part of a page's data under its query's key", () => {
    const data: PageData = {
      dish: dish('d1'),
      menu: [dish('d1'), dish('d2')],
      menuPreview: [dish('d2')],
      reviews: [{ _id: 'r1' } as unknown as NonNullable<PageData['reviews']>[number]],
      captcha: { id: 'c1' } as unknown as NonNullable<PageData['captcha']>,
      authProviders: { google: true } as unknown as NonNullable<PageData['authProviders']>,
      facts: { hours: [{ from: 'monday', to: 'sunday', ranges: [{ open: '11:00', close: '22:00' }] }], openDays: 7, ways: { table: true, pickup: true, delivery: false } },
    };
    const client = new QueryClient();
    seedQueries(client, data);
    expect(client.getQueryData(dishQueryKey('d1'))).toBe(data.dish);
    expect(client.getQueryData(MENU_QUERY_KEY)).toBe(data.menu);
    expect(client.getQueryData(MENU_PREVIEW_QUERY_KEY)).toBe(data.menuPreview);
    expect(client.getQueryData(STOREFRONT_FACTS_QUERY_KEY)).toBe(data.facts);
    expect(client.getQueryData(reviewsQueryOptions.queryKey)).toBe(data.reviews);
    // The log-in page's first captcha: generation 0, round 0.
    expect(client.getQueryData(captchaQueryKey(0, 0))).toBe(data.captcha);
    expect(client.getQueryData(AUTH_PROVIDERS_QUERY_KEY)).toBe(data.authProviders);
    expect(client.getQueryCache().getAll()).toHaveLength(7);
  });

  it('seeds nothing a page did not bring', () => {
    const client = new QueryClient();
    seedQueries(client, {});
    seedQueries(client, { menuPreview: [dish('d3')] });
    expect(client.getQueryCache().getAll().map((query) => query.queryKey)).toEqual([[...MENU_PREVIEW_QUERY_KEY]]);
  });
});
