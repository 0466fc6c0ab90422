import { useAuth } from '../../auth/use-auth.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';

/** User home: greets the user by display name (docs/product.md §2.7). */
export function Page() {
  usePageTitle('User Home');
  const { user } = useAuth();
  return (
    <section>
      <h1 className="font-display text-3xl font-bold text-brand-900">
        Hi, {user?.displayName ?? user?.email}! Welcome back
      </h1>
      <p className="mt-3 text-stone-700">Your cart and payments are in the menu.</p>
    </section>
  );
}
