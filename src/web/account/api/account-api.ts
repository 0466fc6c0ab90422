import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Device, Profile } from '../../../shared/account.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** The profile page's calls (src/server/account/account-routes.ts), each for the caller's own account. */
export const profileQuery = queryOptions({
  queryKey: ['account', 'profile'] as const,
  queryFn: () => apiRequest<Profile>('/account'),
  staleTime: 30_000,
});
export const devicesQuery = queryOptions({
  queryKey: ['account', 'devices'] as const,
  queryFn: () => apiRequest<Device[]>('/account/sessions'),
});

export function useProfile(enabled = true) {
  return useQuery({ ...profileQuery, enabled });
}

export function useDevices() {
  return useQuery(devicesQuery);
}

/** A mutation that refreshes the profile (and, with `devices`, the device list) when it is done. */
function useAccountMutation<TBody, TAnswer>(call: (body: TBody) => Promise<TAnswer>, options: { devices?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: profileQuery.queryKey });
      if (options.devices) void client.invalidateQueries({ queryKey: devicesQuery.queryKey });
    },
  });
}

export const useRename = () =>
  useAccountMutation((name: string) => apiRequest('/auth/update-user', { method: 'POST', body: { name } }));
export const useSetPreferences = () =>
  useAccountMutation((orderStatusMails: boolean) => apiRequest<Profile>('/account/preferences', { method: 'PATCH', body: { orderStatusMails } }));
export const useResendVerification = () =>
  useAccountMutation(() => apiRequest<{ sent: boolean; message: string }>('/account/verification-email', { method: 'POST', body: {} }));
export const useChangeEmail = () =>
  useAccountMutation((body: { newEmail: string; currentPassword?: string }) => apiRequest<{ sent: boolean; message: string }>('/account/email', { method: 'POST', body }));
/** A wrong current password is a 400, never a 401: the user stays signed in. */
export const useChangePassword = () =>
  useAccountMutation(
    (body: { currentPassword: string; newPassword: string; revokeOtherSessions: boolean }) => apiRequest('/auth/change-password', { method: 'POST', body, signOutOnAuthFailure: false }),
    { devices: true },
  );
export const useSetPassword = () => useAccountMutation((newPassword: string) => apiRequest('/account/password', { method: 'POST', body: { newPassword } }));
export const useSignOutOthers = () =>
  useAccountMutation(() => apiRequest<{ signedOut: number }>('/account/sessions/sign-out-others', { method: 'POST', body: {} }), { devices: true });
export const useDeleteAccount = () =>
  useMutation({ mutationFn: (body: { password?: string; confirm?: string }) => apiRequest('/account', { method: 'DELETE', body }) });

/** The mailed links' calls: no session needed, the token decides. */
export const verifyEmail = (token: string) => apiRequest<{ ok: true }>('/account/verify-email', { method: 'POST', body: { token }, signOutOnAuthFailure: false });
export const confirmEmailChange = (token: string) =>
  apiRequest<{ email: string }>('/account/email/confirm', { method: 'POST', body: { token }, signOutOnAuthFailure: false });

/** The data export as a file the browser saves (the bearer token goes with it, so not a plain link). */
export async function downloadMyData(): Promise<void> {
  const text = JSON.stringify(await apiRequest<unknown>('/account/export'), null, 2);
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'raw-roots-my-data.json';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
