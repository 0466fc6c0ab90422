import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Promotion } from '../../../shared/promo-codes.ts';
import { apiRequest } from '../../lib/api-client.ts';

const promotionsKey = ['admin', 'promotions'] as const;

/** GET /api/admin/promotions (administrators): the codes, newest first, with their uses so far. */
export function usePromotions() {
  return useQuery({ queryKey: promotionsKey, queryFn: ({ signal }) => apiRequest<Promotion[]>('/admin/promotions', { signal }) });
}

/**
 * POST (the body as typed: the server checks it and answers field errors), pause or resume, and
 * DELETE on /api/admin/promotions; the list is read again after each.
 */
export function usePromotionChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { kind: 'add'; body: Record<string, unknown> } | { kind: 'pause'; id: string; paused: boolean } | { kind: 'remove'; id: string }) => {
      switch (change.kind) {
        case 'add':
          return apiRequest<unknown>('/admin/promotions', { method: 'POST', body: change.body });
        case 'pause':
          return apiRequest<unknown>(`/admin/promotions/${encodeURIComponent(change.id)}/paused`, { method: 'PUT', body: { paused: change.paused } });
        case 'remove':
          return apiRequest<unknown>(`/admin/promotions/${encodeURIComponent(change.id)}`, { method: 'DELETE' });
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionsKey }),
  });
}
