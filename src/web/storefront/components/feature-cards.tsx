import type { FulfilmentType } from '../../../shared/order-workflow.ts';
import { useT } from '../../i18n/i18n.ts';
import { useStorefrontTexts } from '../use-storefront-texts.ts';

const HOURS_ICON = 'M12 3a9 9 0 100 18 9 9 0 000-18zm0 4v5l3 2';
const WAY_ICONS: Record<FulfilmentType, string> = {
  delivery: 'M3 7h11v9H3zM14 10h4l3 3v3h-7zM7 19a2 2 0 100-4 2 2 0 000 4zm10 0a2 2 0 100-4 2 2 0 000 4z',
  pickup: 'M5 8h14l-1 12H6zM9 8V6a3 3 0 016 0v2',
  table: 'M7 3v18M4 3v5a3 3 0 006 0V3M17 3c-2 0-3 3-3 7h3v11',
};

const PROMISES = [
  {
    title: 'home.promises.chef.title',
    text: 'home.promises.chef.text',
    icon: 'M7 11a4 4 0 110-7 5 5 0 019.6 1A3.5 3.5 0 1117 11v8H7zM7 15h10',
  },
  {
    title: 'home.promises.safe.title',
    text: 'home.promises.safe.text',
    icon: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zm-3.5 9l2.5 2.5 5-5',
  },
] as const;

/**
 * The four promises of docs/product.md §2.2, as cards under the hero; the first two follow the
 * restaurant's settings (hours, delivery), issue 43, point 5.
 */
export function FeatureCards() {
  const texts = useStorefrontTexts();
  const t = useT();
  const promises = PROMISES.map((promise) => ({ ...promise, title: t(promise.title), text: t(promise.text) }));
  const features = [{ ...texts.hoursCard, icon: HOURS_ICON }, { ...texts.wayCard, icon: WAY_ICONS[texts.wayCard.way] }, ...promises];
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-7xl px-4 py-12 md:py-20">
      <h2 id="features-title" className="sr-only">
        {t('home.promises.title')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
        {features.map((feature, index) => (
          <li key={index} className="rounded-xl bg-white p-4 text-center sm:p-6 shadow-sm ring-1 ring-stone-200">
            <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-brand-800">
              <svg aria-hidden="true" width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round">
                <path d={feature.icon} />
              </svg>
            </span>
            <h3 className="mt-4 text-base font-bold sm:text-lg uppercase tracking-wide text-stone-900">{feature.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-stone-600">{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
