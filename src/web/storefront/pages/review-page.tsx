import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { ReviewsSection } from '../../reviews/components/reviews-section.tsx';
import { PageCover } from '../../ui/page-cover.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useT } from '../../i18n/i18n.ts';

/** /review: what our guests say, in the same sliders as on the home page. */
export function Page() {
  const t = useT();
  usePageTitle(t('reviews.title'));
  return (
    <>
      <PageCover title={t('reviews.title')} text={t('reviews.cover.text')} picture="juice" />
      <ReviewsSection inFirstScreen />
      <section aria-labelledby="review-cta" className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h2 id="review-cta" className="font-display text-3xl font-bold text-stone-900">
          {t('reviews.cta.title')}
        </h2>
        <p className="mt-3 text-stone-600">
          {t('reviews.cta.text')}
        </p>
        <Link
          to={paths.menu('offered')}
          className="mt-8 inline-block rounded-lg bg-brand-800 px-6 py-3 font-bold uppercase tracking-wide text-white hover:bg-brand-900"
        >
          {t('home.hero.order')}
        </Link>
      </section>
    </>
  );
}
