import { useQuery } from '@tanstack/react-query';
import type { AdminStatistics } from '../../../shared/stats.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { useAuth } from '../../auth/use-auth.ts';

/** GET /api/admin-statistics, once the sign-in state has settled (docs/product.md §4). */
export function useAdminStatistics() {
  const { user, loading } = useAuth();
  return useQuery({
    queryKey: ['admin-statistics', user?.email],
    queryFn: ({ signal }) => apiRequest<AdminStatistics>('/admin-statistics', { signal }),
    enabled: !loading && Boolean(user?.email),
  });
}
