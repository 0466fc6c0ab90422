import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { PRODUCT_NAME } from '../../../shared/product.ts';
import { useT } from '../../i18n/i18n.ts';
import { PageCover } from '../../ui/page-cover.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useStorefrontTexts } from '../use-storefront-texts.ts';
import { AboutTeaser } from '../components/about-teaser.tsx';


/** /about: our story, the numbers behind it, and the who, why and what of the kitchen. */
export function Page() {
  const t = useT();
  usePageTitle(t('about.title'));
  // The hours and the delivery follow the restaurant's settings (issue 43, point 5).
  const texts = useStorefrontTexts();
  const numbers = [
    { value: '300+', label: t('about.numbers.seasons') },
    { value: t('about.numbers.chefsValue'), label: t('about.numbers.chefs') },
    ...(texts.aboutNumber ? [texts.aboutNumber] : []),
    { value: '0', label: t('about.numbers.nothingAdded') },
  ];
  return (
    <>
      <PageCover title={t('about.cover.title')} text={t('about.cover.text')} picture="garden" />
      <section aria-labelledby="story-title" className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 md:grid-cols-2 md:py-20">
        <div>
          <p className="font-display text-lg italic text-accent-700">{t('about.story.eyebrow')}</p>
          <h2 id="story-title" className="mt-2 font-display text-3xl font-bold text-stone-900 md:text-4xl">
            {t('about.story.title')}
          </h2>
          <p className="mt-5 leading-relaxed text-stone-700">
            {t('about.story.text1', { shop: PRODUCT_NAME, kitchen: texts.kitchen })}
          </p>
          <p className="mt-4 leading-relaxed text-stone-700">
            {t('about.story.text2')}
          </p>
          <Link
            to={`${paths.detailAbout}#who`}
            className="mt-8 inline-block rounded-lg border-b-4 border-stone-900 px-6 py-3 font-semibold uppercase tracking-wide text-stone-900 hover:bg-stone-900 hover:text-white"
          >
            {t('about.story.details')}
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
      <AboutTeaser title={t('about.teaser.whoWhyWhat')} />
    </>
  );
}
