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
    <ProfileCard id="profile-devices" title={t('profile.devices.title')}>
      {devices.isPending ? (
        <p className="text-stone-600">{t('profile.devices.loading')}</p>
      ) : devices.isError ? (
        <p role="alert" className="text-red-800">
          {t('profile.devices.loadFailed', { error: devices.error.message })}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void devices.refetch()}>
            {t('profile.tryAgain')}
          </button>
        </p>
      ) : (
        <ul className="divide-y divide-stone-200">
          {devices.data.map((device) => (
            <li key={device.id} className="py-2">
              <p className="font-semibold text-stone-800">
                {device.device} {device.current && <span className="ml-1 rounded bg-brand-100 px-2 py-0.5 text-xs text-brand-900">{t('profile.devices.this')}</span>}
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
        {t('profile.devices.signOutOthers')}
      </button>
      <Outcome ok={signOutOthers.data ? t('profile.devices.signedOut', { count: signOutOthers.data.signedOut }) : null} error={signOutOthers.error} />
    </ProfileCard>
  );
}

/** The customer's data as a JSON file: profile, devices, orders, payments, cart, saved addresses. */
export function DataSection() {
  const [state, setState] = useState<{ busy: boolean; error?: unknown }>({ busy: false });
  const t = useT();
  return (
    <ProfileCard id="profile-data" title={t('profile.data.title')}>
      <p className="text-stone-700">{t('profile.data.text')}</p>
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
        {state.busy ? t('profile.data.preparing') : t('profile.data.download')}
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
  const t = useT();
  return (
    <ProfileCard id="profile-delete" title={t('profile.delete.title')} tone="danger">
      <p className="text-stone-700">
        {t('profile.delete.text')}
      </p>
      <button type="button" onClick={() => setOpen(true)} className="self-start rounded-md bg-red-700 px-4 py-2 font-bold text-white hover:bg-red-800">
        {t('profile.delete.open')}
      </button>
      {open && <DeleteDialog profile={profile} onClose={() => setOpen(false)} />}
    </ProfileCard>
  );
}

function DeleteDialog({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const remove = useDeleteAccount();
  const { forgetUser } = useAuth();
  const [error, setError] = useState<string | undefined>();
  const t = useT();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('confirmation') ?? '');
    if (!value) return setError(profile.hasPassword ? t('profile.delete.enterPassword') : t('profile.delete.typeWord', { word: DELETE_CONFIRMATION_WORD }));
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
    <ModalDialog title={t('profile.delete.dialog')} onClose={onClose}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-4 flex flex-col gap-3">
        {profile.hasPassword ? (
          <FormField id="delete-confirmation" name="confirmation" type="password" label={t('profile.delete.passwordLabel')} autoComplete="current-password" error={error} />
        ) : (
          <FormField id="delete-confirmation" name="confirmation" label={t('profile.delete.wordLabel', { word: DELETE_CONFIRMATION_WORD })} autoComplete="off" error={error} />
        )}
        <div className="mt-2 flex flex-wrap gap-3">
          <button type="button" onClick={onClose} className={quietButtonClass}>
            {t('profile.delete.keep')}
          </button>
          <button type="submit" disabled={remove.isPending} className={`${buttonClass} bg-red-700 hover:bg-red-800`}>
            {remove.isPending ? t('profile.delete.deleting') : t('profile.delete.submit')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
