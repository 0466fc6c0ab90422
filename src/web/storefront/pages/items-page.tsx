import { usePageTitle } from '../../ui/use-page-title.ts';

/** Placeholder of the foundation; the storefront issue builds this page. */
export function Page() {
  usePageTitle('Item list');
  return (
    <section className="mx-auto max-w-7xl px-4 py-16">
      <h1 className="font-display text-4xl font-bold">Item list</h1>
    </section>
  );
}
