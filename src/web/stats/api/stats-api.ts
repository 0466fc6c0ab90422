import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminStatistics, AdminStats, CustomerSummary } from '../../../shared/stats.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { useAuth } from '../../auth/use-auth.ts';
import { statsSearch, type PeriodChoice } from '../period-choice.ts';

/** GET /api/admin-statistics, once the sign-in state has settled (docs/product.md §4). */
export function useAdminStatistics() {
  const { user, loading } = useAuth();
  return useQuery({
    queryKey: ['admin-statistics', user?.email],
    queryFn: ({ signal }) => apiRequest<AdminStatistics>('/admin-statistics', { signal }),
    enabled: !loading && Boolean(user?.email),
  });
}

/** GET /api/admin/stats for the chosen period; the last period's figures stay until the next arrive. */
export function useAdminStats(choice: PeriodChoice | undefined) {
  const { user, loading } = useAuth();
  const search = choice ? statsSearch(choice) : '';
  return useQuery({
    queryKey: ['admin-stats', user?.email, search],
    queryFn: ({ signal }) => apiRequest<AdminStats>(`/admin/stats?${search}`, { signal }),
    enabled: !loading && Boolean(user?.email) && choice !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** The CSV of the period's orders: a plain link, so the browser streams it to disk (the session cookie signs it). */
export function ordersCsvHref(choice: PeriodChoice): string {
  return `/api/admin/orders.csv?${statsSearch(choice)}`;
}

/** GET /api/orders/summary: the signed-in customer's own figures. */
export function useCustomerSummary() {
  const { user, loading } = useAuth();
  return useQuery({
    queryKey: ['orders', 'summary', user?.email],
    queryFn: ({ signal }) => apiRequest<CustomerSummary>('/orders/summary', { signal }),
    enabled: !loading && Boolean(user?.email),
  });
}
