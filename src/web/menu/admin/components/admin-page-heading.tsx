/** The centred heading of the administrator's menu pages, with its small line above. */
export function AdminPageHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <header className="mb-6 text-center">
      {subtitle && <p className="text-sm font-semibold italic text-amber-700">--- {subtitle} ---</p>}
      <h1 className="mx-auto mt-2 inline-block border-y-4 border-stone-200 px-4 py-3 font-display text-2xl font-bold uppercase text-brand-900 sm:text-3xl">
        {title}
      </h1>
    </header>
  );
}
