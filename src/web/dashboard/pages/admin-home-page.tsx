import { useAuth } from '../../auth/use-auth.ts';
import { AdminStatsTiles } from '../../stats/components/admin-stats-tiles.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';

/** Admin home: the greeting and the statistics tiles (docs/product.md §2.8). */
export function Page() {
  usePageTitle('Admin Home');
  const { user } = useAuth();
  return (
    <section>
      <h1 className="font-display text-3xl font-bold text-brand-900">
        Hi, {user?.displayName ?? user?.email}! Welcome back
      </h1>
      <AdminStatsTiles />
    </section>
  );
}
