import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusyChange, RestaurantSettings } from '../../../shared/restaurant-settings.ts';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * GET /api/settings: the restaurant's settings, for everyone. Read again every minute and when the
 * tab comes back, so an open page sees a pause or new hours without a reload (the server drops its
 * own copy on `settings.changed`; the page asks). docs/decisions/0024-restaurant-settings.md.
 */
export const settingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: ({ signal }) => apiRequest<RestaurantSettings>('/settings', { signal }),
  staleTime: 30_000,
  refetchInterval: 60_000,
  refetchOnWindowFocus: true,
});

export function useRestaurantSettings(enabled = true) {
  return useQuery({ ...settingsQuery, enabled });
}

/** PUT /api/settings (administrators): saves them whole; the answer becomes the cached settings. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: RestaurantSettings) => apiRequest<RestaurantSettings>('/settings', { method: 'PUT', body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(settingsQuery.queryKey, saved),
  });
}

/**
 * PATCH /api/staff/busy (staff and administrators): busy mode's pause, extra minutes and
 * auto-accept, at once; the answer becomes the cached settings.
 */
export function useChangeBusy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: BusyChange) => apiRequest<RestaurantSettings>('/staff/busy', { method: 'PATCH', body: change }),
    onSuccess: (saved) => queryClient.setQueryData(settingsQuery.queryKey, saved),
  });
}
