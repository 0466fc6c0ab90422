import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { PageCover } from '../../ui/page-cover.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useStorefrontTexts } from '../use-storefront-texts.ts';
import { AboutTeaser } from '../components/about-teaser.tsx';

const SEASONS = { value: '300+', label: 'various items through the seasons' };
const CHEFS = { value: '15 years+', label: 'experienced chefs in our kitchen' };
const NOTHING_ADDED = { value: '0', label: 'chemicals, formalin or extra VAT' };

/** /about: our story, the numbers behind it, and the who, why and what of the kitchen. */
export function Page() {
  usePageTitle('About');
  // The hours and the delivery follow the restaurant's settings (issue 43, point 5).
  const texts = useStorefrontTexts();
  const numbers = [SEASONS, CHEFS, ...(texts.aboutNumber ? [texts.aboutNumber] : []), NOTHING_ADDED];
  return (
    <>
      <PageCover title="About Us" text="A raw-food kitchen that cooks nothing and hides nothing" picture="garden" />
      <section aria-labelledby="story-title" className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 md:grid-cols-2 md:py-20">
        <div>
          <p className="font-display text-lg italic text-accent-700">--- Our story ---</p>
          <h2 id="story-title" className="mt-2 font-display text-3xl font-bold text-stone-900 md:text-4xl">
            Food as it grows, served as it should be
          </h2>
          <p className="mt-5 leading-relaxed text-stone-700">
            Raw Roots began as a small counter with three blenders and a promise: serve food that is safe, healthy and
            reasonably priced, made only from raw ingredients and free from formalin. Fifteen years later the counter is{' '}
            {texts.kitchen}, and the promise has not changed.
          </p>
          <p className="mt-4 leading-relaxed text-stone-700">
            We buy directly from farms we visit, we wash in filtered water, and we keep every dish below 42 °C so the
            vitamins and enzymes of the vegetables reach your plate.
          </p>
          <Link
            to={`${paths.detailAbout}#who`}
            className="mt-8 inline-block rounded-lg border-b-4 border-stone-900 px-6 py-3 font-semibold uppercase tracking-wide text-stone-900 hover:bg-stone-900 hover:text-white"
          >
            Read the details
          </Link>
        </div>
        <ul className="grid grid-cols-2 gap-4">
          {numbers.map((n) => (
            <li key={n.value} className="rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-stone-200">
              <p className="font-display text-3xl font-bold text-brand-800 md:text-4xl">{n.value}</p>
              <p className="mt-2 text-sm text-stone-600">{n.label}</p>
            </li>
          ))}
        </ul>
      </section>
      <AboutTeaser title="Who, why and what" />
    </>
  );
}
