import { useState, type FormEvent } from 'react';
import type { Profile } from '../../../shared/account.ts';
import { changeEmailSchema } from '../../../shared/account.ts';
import { displayNameSchema, passwordSchema } from '../../../shared/auth.ts';
import { FormField } from '../../auth/components/form-field.tsx';
import { useAuth } from '../../auth/use-auth.ts';
import { useChangeEmail, useChangePassword, useRename, useSetPassword, useSetPreferences } from '../api/account-api.ts';
import { buttonClass, Outcome, ProfileCard } from './profile-card.tsx';
import { useT } from '../../i18n/i18n.ts';


/** The display name: the greeting of the header and of User Home use it. */
export function NameSection({ profile }: { profile: Profile }) {
  const rename = useRename();
  const t = useT();
  const { refreshUser } = useAuth();
  const [error, setError] = useState<string | undefined>();
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = displayNameSchema.safeParse(new FormData(event.currentTarget).get('name'));
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(undefined);
    await rename.mutateAsync(parsed.data).then(refreshUser, () => undefined);
  }
  return (
    <ProfileCard id="profile-name" title={t('profile.name.title')}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-3">
        <FormField id="name" name="name" label={t('profile.name.label')} autoComplete="name" defaultValue={profile.name} maxLength={100} required error={error} />
        <button type="submit" disabled={rename.isPending} className={buttonClass}>
          {rename.isPending ? t('profile.saving') : t('profile.name.save')}
        </button>
        <Outcome ok={rename.isSuccess ? t('profile.name.saved') : null} error={rename.error} />
      </form>
    </ProfileCard>
  );
}

/** The address: changed only through a link sent to the new one (the old one is told). */
export function EmailSection({ profile }: { profile: Profile }) {
  const change = useChangeEmail();
  const t = useT();
  const [errors, setErrors] = useState<{ newEmail?: string; currentPassword?: string }>({});
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = { newEmail: form.get('newEmail'), ...(profile.hasPassword ? { currentPassword: form.get('emailPassword') || undefined } : {}) };
    const parsed = changeEmailSchema.safeParse(body);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof typeof errors] ??= issue.message;
      return setErrors(next);
    }
    if (profile.hasPassword && !parsed.data.currentPassword) return setErrors({ currentPassword: t('profile.enterCurrentPassword') });
    setErrors({});
    await change.mutateAsync(parsed.data).catch(() => undefined);
  }
  return (
    <ProfileCard id="profile-email" title={t('profile.email.title')}>
      <p className="text-stone-700">
        <span className="font-semibold">{profile.email}</span>{' '}
        {profile.emailVerified ? <span className="text-brand-700">{t('profile.email.confirmed')}</span> : <span className="text-amber-800">{t('profile.email.unconfirmed')}</span>}
      </p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-3">
        <FormField id="newEmail" name="newEmail" type="email" label={t('profile.email.new')} autoComplete="email" required error={errors.newEmail} />
        {profile.hasPassword && (
          <FormField id="emailPassword" name="emailPassword" type="password" label={t('profile.currentPassword')} autoComplete="current-password" required error={errors.currentPassword} />
        )}
        <button type="submit" disabled={change.isPending} className={buttonClass}>
          {change.isPending ? t('profile.email.sending') : t('profile.email.send')}
        </button>
        <Outcome ok={change.data?.message} error={change.error} />
      </form>
    </ProfileCard>
  );
}

/** Changing the password asks the current one; a social account without one sets its first. */
export function PasswordSection({ profile }: { profile: Profile }) {
  const changePassword = useChangePassword();
  const setPassword = useSetPassword();
  const t = useT();
  const [errors, setErrors] = useState<{ current?: string; next?: string }>({});
  const pending = changePassword.isPending || setPassword.isPending;
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const current = String(form.get('currentPassword') ?? '');
    const parsed = passwordSchema.safeParse(String(form.get('newPassword') ?? ''));
    const next: typeof errors = {};
    if (profile.hasPassword && !current) next.current = t('profile.enterCurrentPassword');
    if (!parsed.success) next.next = parsed.error.issues[0]!.message;
    setErrors(next);
    if (next.current || next.next || !parsed.success) return;
    const done = profile.hasPassword
      ? changePassword.mutateAsync({ currentPassword: current, newPassword: parsed.data, revokeOtherSessions: form.get('signOutOthers') === 'on' })
      : setPassword.mutateAsync(parsed.data);
    await done.then(() => formElement.reset(), () => undefined);
  }
  return (
    <ProfileCard id="profile-password" title={profile.hasPassword ? t('profile.password.title') : t('profile.password.setTitle')}>
      {!profile.hasPassword && (
        <p className="text-stone-700">{t('profile.password.social', { provider: profile.socialSignIn ?? t('profile.password.aSocialAccount') })}</p>
      )}
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-3">
        {profile.hasPassword && (
          <FormField id="currentPassword" name="currentPassword" type="password" label={t('profile.currentPassword')} autoComplete="current-password" required error={errors.current} />
        )}
        <FormField id="newPassword" name="newPassword" type="password" label={t('profile.password.new')} autoComplete="new-password" required error={errors.next} />
        {profile.hasPassword && (
          <label className="flex items-center gap-2 text-sm text-stone-700">
            <input type="checkbox" name="signOutOthers" defaultChecked className="h-4 w-4" /> {t('profile.password.signOutOthers')}
          </label>
        )}
        <button type="submit" disabled={pending} className={buttonClass}>
          {pending ? t('profile.saving') : profile.hasPassword ? t('profile.password.change') : t('profile.password.set')}
        </button>
        <Outcome
          ok={changePassword.isSuccess || setPassword.isSuccess ? t('profile.password.saved') : null}
          error={changePassword.error ?? setPassword.error}
        />
      </form>
    </ProfileCard>
  );
}

/** Order status mails: the receipt always comes; accepted, ready, cancelled can be turned off. */
export function MailsSection({ profile }: { profile: Profile }) {
  const preferences = useSetPreferences();
  const t = useT();
  return (
    <ProfileCard id="profile-mails" title={t('profile.mails.title')}>
      <label className="flex items-start gap-3 text-stone-800">
        <input
          type="checkbox"
          className="mt-1 h-5 w-5"
          checked={preferences.isPending ? (preferences.variables ?? profile.orderStatusMails) : profile.orderStatusMails}
          disabled={preferences.isPending}
          onChange={(event) => preferences.mutate(event.target.checked)}
        />
        <span>
          {t('profile.mails.label')}
          <span className="block text-sm text-stone-600">{t('profile.mails.receipt')}</span>
        </span>
      </label>
      <Outcome error={preferences.error} />
    </ProfileCard>
  );
}
