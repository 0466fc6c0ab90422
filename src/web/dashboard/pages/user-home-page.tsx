import { useAuth } from '../../auth/use-auth.ts';
import { CustomerSummary } from '../../stats/components/customer-summary.tsx';
import { useT } from '../../i18n/i18n.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';

/** User home: greets the user by display name (docs/product.md §2.7), with their own figures. */
export function Page() {
  const t = useT();
  usePageTitle(t('dashboard.menu.userHome'));
  const { user } = useAuth();
  return (
    <section>
      <h1 className="font-display text-3xl font-bold text-brand-900">
        {t('dashboard.welcome', { name: user?.displayName ?? user?.email ?? '' })}
      </h1>
      <CustomerSummary />
    </section>
  );
}
