import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '../../../shared/reviews.ts';
import { apiRequest } from '../../lib/api-client.ts';

export const reviewsQueryOptions = queryOptions({
  queryKey: ['reviews'],
  queryFn: ({ signal }) => apiRequest<Review[]>('/review', { signal }),
  staleTime: 5 * 60_000,
});

export function useReviews() {
  return useQuery(reviewsQueryOptions);
}
