import { useAuth } from '../../auth/use-auth.ts';
import { CustomerSummary } from '../../stats/components/customer-summary.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';

/** User home: greets the user by display name (docs/product.md §2.7), with their own figures. */
export function Page() {
  usePageTitle('User Home');
  const { user } = useAuth();
  return (
    <section>
      <h1 className="font-display text-3xl font-bold text-brand-900">
        Hi, {user?.displayName ?? user?.email}! Welcome back
      </h1>
      <CustomerSummary />
    </section>
  );
}
