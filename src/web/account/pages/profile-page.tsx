import { usePageTitle } from '../../ui/use-page-title.ts';
import { useProfile } from '../api/account-api.ts';
import { DataSection, DeleteSection, DevicesSection } from '../components/account-sections.tsx';
import { AddressesSection } from '../components/addresses-section.tsx';
import { EmailSection, MailsSection, NameSection, PasswordSection } from '../components/profile-sections.tsx';

/** The profile page (/dashboard/profile), for every signed-in user. */
export function Page() {
  usePageTitle('Profile');
  const profile = useProfile();
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-5">
      <h1 className="font-display text-3xl font-bold text-brand-900">Your profile</h1>
      {profile.isPending ? (
        <p className="text-stone-600">Loading your profile…</p>
      ) : profile.isError ? (
        <div role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
          Your profile could not be loaded: {profile.error.message}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void profile.refetch()}>
            Try again
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
