import { usePageTitle } from '../../ui/use-page-title.ts';
import { useProfile } from '../api/account-api.ts';
import { DataSection, DeleteSection, DevicesSection } from '../components/account-sections.tsx';
import { AddressesSection } from '../components/addresses-section.tsx';
import { EmailSection, MailsSection, NameSection, PasswordSection } from '../components/profile-sections.tsx';
import { useT } from '../../i18n/i18n.ts';

/** The profile page (/dashboard/profile), for every signed-in user. */
export function Page() {
  const t = useT();
  usePageTitle(t('profile.title'));
  const profile = useProfile();
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-5">
      <h1 className="font-display text-3xl font-bold text-brand-900">{t('profile.heading')}</h1>
      {profile.isPending ? (
        <p className="text-stone-600">{t('profile.loading')}</p>
      ) : profile.isError ? (
        <div role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
          {t('profile.loadFailed', { error: profile.error.message })}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void profile.refetch()}>
            {t('profile.tryAgain')}
          </button>
        </div>
      ) : (
        <>
          <NameSection profile={profile.data} />
          <EmailSection profile={profile.data} />
          <PasswordSection profile={profile.data} />
          <MailsSection profile={profile.data} />
          <AddressesSection />
          <DevicesSection />
          <DataSection />
          <DeleteSection profile={profile.data} />
        </>
      )}
    </section>
  );
}
