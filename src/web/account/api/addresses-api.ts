import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedAddress, SavedAddressInput } from '../../../shared/saved-addresses.ts';
import { useAuth } from '../../auth/use-auth.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** The caller's saved delivery addresses (src/server/addresses/addresses-routes.ts), the last used first. */
export const savedAddressesQuery = queryOptions({
  queryKey: ['account', 'addresses'] as const,
  queryFn: ({ signal }) => apiRequest<SavedAddress[]>('/account/addresses', { signal }),
  staleTime: 60_000,
});

export function useSavedAddresses(enabled = true) {
  const { user, loading } = useAuth();
  return useQuery({ ...savedAddressesQuery, enabled: enabled && !loading && Boolean(user) });
}

function useAddressMutation<TBody, TAnswer>(call: (body: TBody) => Promise<TAnswer>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => void client.invalidateQueries({ queryKey: savedAddressesQuery.queryKey }) });
}

/** Saving the same place again takes its new phone (the server keeps one of each). */
export const useSaveAddress = () => useAddressMutation((body: SavedAddressInput) => apiRequest<SavedAddress>('/account/addresses', { method: 'POST', body }));
export const useUpdateAddress = () =>
  useAddressMutation(({ id, ...body }: SavedAddressInput & { id: string }) => apiRequest<SavedAddress>(`/account/addresses/${encodeURIComponent(id)}`, { method: 'PUT', body }));
export const useDeleteAddress = () => useAddressMutation((id: string) => apiRequest<{ ok: true }>(`/account/addresses/${encodeURIComponent(id)}`, { method: 'DELETE' }));
