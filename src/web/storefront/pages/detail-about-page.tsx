import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { PageCover } from '../../ui/page-cover.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { ABOUT_TOPICS } from '../content/about.ts';
import type { StorefrontTexts } from '../../../shared/storefront-facts.ts';
import { useStorefrontTexts } from '../use-storefront-texts.ts';
import { useT } from '../../i18n/i18n.ts';
import type { Translate } from '../../../shared/i18n/catalogue.ts';

/** The hours and the delivery follow the restaurant's settings (issue 43, point 5). */
const details = (texts: StorefrontTexts, t: Translate): Record<(typeof ABOUT_TOPICS)[number]['id'], { paragraphs: string[]; claims: string[] }> => ({
  who: {
    paragraphs: [t('detailAbout.who.text1', { crew: texts.crew }), t('detailAbout.who.text2')],
    claims: texts.claims,
  },
  why: {
    paragraphs: [t('detailAbout.why.text1'), t('detailAbout.why.text2')],
    claims: [t('detailAbout.why.claim.chemicalFree'), t('detailAbout.why.claim.farm'), t('detailAbout.why.claim.noVat'), t('detailAbout.why.claim.refund')],
  },
  what: {
    paragraphs: [t('detailAbout.what.text1'), t('detailAbout.what.text2')],
    claims: [t('detailAbout.what.claim.items'), t('detailAbout.what.claim.chefs')],
  },
});

/** /detail_about: the who, why and what sections; the address's hash scrolls to its section. */
export function Page() {
  const t = useT();
  usePageTitle(t('detailAbout.title'));
  const { hash, key } = useLocation();
  const DETAILS = details(useStorefrontTexts(), t);

  useEffect(() => {
    if (!hash) return;
    // The sections are static, so they exist on the first render: scroll once they are laid out.
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash, key]);

  return (
    <>
      <PageCover title={t('detailAbout.title')} text={t('detailAbout.cover.text')} picture="juice" />
      <div className="mx-auto max-w-4xl px-4 py-12 md:py-16">
        <Link to={paths.about} className="inline-flex items-center gap-2 font-semibold text-brand-800 hover:underline">
          <span aria-hidden="true">←</span> {t('detailAbout.back')}
        </Link>
        {ABOUT_TOPICS.map((topic, i) => (
          <section
            key={topic.id}
            id={topic.id}
            aria-labelledby={`${topic.id}-title`}
            className={`scroll-mt-4 py-12 ${i > 0 ? 'border-t border-stone-200' : ''}`}
          >
            <p className="font-display text-lg italic text-accent-700">--- {String(i + 1).padStart(2, '0')} ---</p>
            <h2 id={`${topic.id}-title`} className="mt-2 font-display text-3xl font-bold text-stone-900 md:text-4xl">
              {t(topic.title)}
            </h2>
            {DETAILS[topic.id].paragraphs.map((text) => (
              <p key={text.slice(0, 20)} className="mt-5 text-lg leading-relaxed text-stone-700">
                {text}
              </p>
            ))}
            <ul className="mt-6 flex flex-wrap gap-3">
              {DETAILS[topic.id].claims.map((claim) => (
                <li key={claim} className="flex items-center gap-2 rounded-full bg-brand-100 px-4 py-2 text-sm font-semibold text-brand-900">
                  <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3">
                    <path d="M5 13l4 4L19 7" />
                  </svg>
                  {claim}
                </li>
              ))}
            </ul>
          </section>
        ))}
        <Link to={paths.about} className="inline-flex items-center gap-2 font-semibold text-brand-800 hover:underline">
          <span aria-hidden="true">←</span> {t('detailAbout.backToAbout')}
        </Link>
      </div>
    </>
  );
}
