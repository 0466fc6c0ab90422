import { Trans } from '@lingui/react';
import { useAuth } from '../../auth/use-auth.ts';
import { useT } from '../../i18n/i18n.ts';
import { useProfile, useResendVerification } from '../api/account-api.ts';
import { Outcome } from './profile-card.tsx';

/**
 * Shown on every dashboard page until the account's address is confirmed, with "send again". From
 * the session's word at once, then the profile's: appearing only once the profile had loaded, it
 * pushed the page down (a layout shift on every dashboard page of an unconfirmed account).
 */
export function VerifyEmailBanner() {
  const t = useT();
  const { user } = useAuth();
  // A guest has no address to confirm, nor a profile (decision 0047).
  const profile = useProfile(Boolean(user) && !user?.guest);
  const resend = useResendVerification();
  const verified = profile.data ? profile.data.emailVerified : user?.emailVerified;
  if (!user || user.guest || verified !== false) return null;
  const email = profile.data?.email ?? user.email;
  return (
    <div role="region" aria-label={t('verifyEmail.region')} className="mb-5 rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300">
      <p>
        <Trans id="verifyEmail.text" values={{ email }} components={{ 0: <span className="font-semibold" /> }} />
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => resend.mutate()}
          disabled={resend.isPending}
          className="rounded-md bg-amber-900 px-3 py-1.5 text-sm font-bold text-white hover:bg-amber-950 disabled:opacity-60"
        >
          {resend.isPending ? t('verifyEmail.sending') : t('verifyEmail.resend')}
        </button>
      </div>
      <div className="mt-2">
        <Outcome ok={resend.data?.message} error={resend.error} />
      </div>
    </div>
  );
}
