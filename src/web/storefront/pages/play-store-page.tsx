import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { PRODUCT_NAME } from '../../../shared/product.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useT } from '../../i18n/i18n.ts';

const PLANNED = ['app.planned.order', 'app.planned.follow', 'app.planned.favourites', 'app.planned.offer'] as const;

/** /play-store, the target of the footer's store buttons: the app is not out yet, and says so. */
export function Page() {
  const t = useT();
  usePageTitle(t('app.title'));
  return (
    <section aria-labelledby="app-title" className="bg-gradient-to-b from-brand-900 to-brand-800 text-white">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 md:grid-cols-2 md:py-24">
        <div>
          <p className="inline-block rounded-full bg-accent-400 px-3 py-1 text-sm font-bold uppercase tracking-wide text-stone-900">
            {t('app.soon')}
          </p>
          <h1 id="app-title" className="mt-5 font-display text-4xl font-bold leading-tight md:text-5xl">
            {t('app.heading', { shop: PRODUCT_NAME })}
          </h1>
          <p className="mt-5 text-lg leading-relaxed text-brand-50">
            {t('app.text')}
          </p>
          <ul className="mt-6 space-y-2">
            {PLANNED.map((line) => (
              <li key={line} className="flex items-center gap-3">
                <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" className="text-accent-400">
                  <path d="M5 13l4 4L19 7" />
                </svg>
                {t(line)}
              </li>
            ))}
          </ul>
          <Link
            to={paths.menu('offered')}
            className="mt-8 inline-block rounded-lg bg-accent-400 px-6 py-3 font-bold uppercase tracking-wide text-stone-900 hover:bg-accent-500"
          >
            {t('app.orderOnWebsite')}
          </Link>
        </div>
        <div aria-hidden="true" className="mx-auto w-56 rounded-[2.5rem] border-8 border-stone-950 bg-stone-50 p-3 shadow-2xl md:w-64">
          <div className="mx-auto mb-3 h-1.5 w-16 rounded-full bg-stone-300" />
          <div className="rounded-2xl bg-brand-800 p-4 text-center">
            <img src="/favicon.svg" alt="" width={56} height={56} className="mx-auto h-14 w-14" />
            <p className="mt-2 font-display text-lg font-bold">{PRODUCT_NAME}</p>
          </div>
          <img src="/hero/garden-600.webp" alt="" width={600} height={400} loading="lazy" className="mt-3 aspect-[3/2] w-full rounded-xl object-cover" />
          <div className="mt-3 space-y-2">
            <div className="h-3 w-3/4 rounded bg-stone-300" />
            <div className="h-3 w-1/2 rounded bg-stone-200" />
          </div>
          <div className="mt-4 rounded-lg bg-accent-400 py-2 text-center text-xs font-bold uppercase text-stone-900">{t('app.takeOnTable')}</div>
        </div>
      </div>
    </section>
  );
}
