import { useState, type FormEvent } from 'react';
import { DELETE_CONFIRMATION_WORD, type Profile } from '../../../shared/account.ts';
import { paths } from '../../../shared/paths.ts';
import { FormField } from '../../auth/components/form-field.tsx';
import { useAuth } from '../../auth/use-auth.ts';
import { downloadMyData, useDeleteAccount, useDevices, useSignOutOthers } from '../api/account-api.ts';
import { buttonClass, messageOfError, Outcome, ProfileCard, quietButtonClass } from './profile-card.tsx';
import { ModalDialog } from '../../ui/modal-dialog.tsx';
import { useT } from '../../i18n/i18n.ts';
import { useFormat } from '../../i18n/format.ts';

/** Where the account is signed in, and "sign out everywhere else". */
export function DevicesSection() {
  const devices = useDevices();
  const signOutOthers = useSignOutOthers();
  const t = useT();
  const format = useFormat();
  const others = (devices.data ?? []).filter((d) => !d.current).length;
  return (
    <ProfileCard id="profile-devices" title="Signed-in devices">
      {devices.isPending ? (
        <p className="text-stone-600">Loading your devices…</p>
      ) : devices.isError ? (
        <p role="alert" className="text-red-800">
          Your devices could not be loaded: {devices.error.message}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void devices.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <ul className="divide-y divide-stone-200">
          {devices.data.map((device) => (
            <li key={device.id} className="py-2">
              <p className="font-semibold text-stone-800">
                {device.device} {device.current && <span className="ml-1 rounded bg-brand-100 px-2 py-0.5 text-xs text-brand-900">this device</span>}
              </p>
              <p className="text-sm text-stone-600">
                {t('account.devices.signedIn', { signedIn: format.dateTime(device.signedInAt), lastActive: format.dateTime(device.lastActiveAt) })}
                {device.ipAddress ? ` · ${device.ipAddress}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className={quietButtonClass} disabled={signOutOthers.isPending || others === 0} onClick={() => signOutOthers.mutate()}>
        Sign out everywhere else
      </button>
      <Outcome ok={signOutOthers.data ? `Signed out of ${signOutOthers.data.signedOut} other ${signOutOthers.data.signedOut === 1 ? 'device' : 'devices'}.` : null} error={signOutOthers.error} />
    </ProfileCard>
  );
}

/** The customer's data as a JSON file: profile, devices, orders, payments, cart, saved addresses. */
export function DataSection() {
  const [state, setState] = useState<{ busy: boolean; error?: unknown }>({ busy: false });
  return (
    <ProfileCard id="profile-data" title="Your data">
      <p className="text-stone-700">A file with your profile, devices, orders, payments, cart and saved addresses, in JSON.</p>
      <button
        type="button"
        className={quietButtonClass}
        disabled={state.busy}
        onClick={() => {
          setState({ busy: true });
          downloadMyData().then(
            () => setState({ busy: false }),
            (error: unknown) => setState({ busy: false, error }),
          );
        }}
      >
        {state.busy ? 'Preparing…' : 'Download my data'}
      </button>
      <Outcome error={state.error} />
    </ProfileCard>
  );
}

/**
 * Deleting the account, confirmed in a dialog with the password (or the word DELETE for an
 * account without one). Orders stay for the restaurant's books without the person in them.
 */
export function DeleteSection({ profile }: { profile: Profile }) {
  const [open, setOpen] = useState(false);
  return (
    <ProfileCard id="profile-delete" title="Delete my account" tone="danger">
      <p className="text-stone-700">
        Your account, devices, cart, saved addresses and saved settings are deleted. Your past orders stay in the restaurant’s books without your name, e-mail,
        phone or address. This cannot be undone.
      </p>
      <button type="button" onClick={() => setOpen(true)} className="self-start rounded-md bg-red-700 px-4 py-2 font-bold text-white hover:bg-red-800">
        Delete my account…
      </button>
      {open && <DeleteDialog profile={profile} onClose={() => setOpen(false)} />}
    </ProfileCard>
  );
}

function DeleteDialog({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const remove = useDeleteAccount();
  const { forgetUser } = useAuth();
  const [error, setError] = useState<string | undefined>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('confirmation') ?? '');
    if (!value) return setError(profile.hasPassword ? 'Enter your password' : `Type ${DELETE_CONFIRMATION_WORD}`);
    setError(undefined);
    try {
      await remove.mutateAsync(profile.hasPassword ? { password: value } : { confirm: value });
      // The account and its sessions are gone: the app starts again at home, signed out (going
      // there inside the app would race the signed-in guard of this page to /login).
      forgetUser();
      window.location.replace(paths.home);
    } catch (failure) {
      setError(messageOfError(failure));
    }
  }

  return (
    <ModalDialog title="Delete your account for good?" onClose={onClose}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-4 flex flex-col gap-3">
        {profile.hasPassword ? (
          <FormField id="delete-confirmation" name="confirmation" type="password" label="Your password, to confirm" autoComplete="current-password" error={error} />
        ) : (
          <FormField id="delete-confirmation" name="confirmation" label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`} autoComplete="off" error={error} />
        )}
        <div className="mt-2 flex flex-wrap gap-3">
          <button type="button" onClick={onClose} className={quietButtonClass}>
            Keep my account
          </button>
          <button type="submit" disabled={remove.isPending} className={`${buttonClass} bg-red-700 hover:bg-red-800`}>
            {remove.isPending ? 'Deleting…' : 'Delete my account'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
