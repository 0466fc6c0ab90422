import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { PageCover } from '../../ui/page-cover.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { ABOUT_TOPICS } from '../content/about.ts';
import type { StorefrontTexts } from '../../../shared/storefront-facts.ts';
import { useStorefrontTexts } from '../use-storefront-texts.ts';
import { useT } from '../../i18n/i18n.ts';

/** The hours and the delivery follow the restaurant's settings (issue 43, point 5). */
const details = (texts: StorefrontTexts): Record<(typeof ABOUT_TOPICS)[number]['id'], { paragraphs: string[]; claims: string[] }> => ({
  who: {
    paragraphs: [
      `We are a family of cooks, farmers' children and food lovers who opened our first counter in 2009. Today forty people work ${texts.crew}.`,
      'We believe food should be simple: grown well, handled carefully and eaten fresh. Nothing on our menu is fried, baked or boiled; everything is sliced, soaked, sprouted, blended, fermented or dried slowly.',
    ],
    claims: texts.claims,
  },
  why: {
    paragraphs: [
      'Because you can trust what is on your plate. Our vegetables and fruit come direct from farm to kitchen, without cold storage chains and without formalin or any chemical to make them look fresh.',
      'Because our prices are fair and clear: the price on the menu is the price you pay, with no extra VAT added at the till. And if a dish is not right, our refund policy gives you your money back, no questions asked.',
    ],
    claims: ['Chemical free', 'Direct from farm', 'No extra VAT', 'Refund policy: your money back if a dish is not right'],
  },
  what: {
    paragraphs: [
      'Variety: more than 300 dishes through the year, from raw lasagna and sprouted sushi to cold-pressed juices, fermented pickles and cacao desserts. The menu follows the seasons, so something new is always waiting.',
      'Skill: our chefs have 15 years and more of experience in raw cuisine. Raw food asks for precise knife work, patient fermentation and a good palate, and they have all three.',
    ],
    claims: ['300+ various items', '15 years+ experienced chefs'],
  },
});

/** /detail_about: the who, why and what sections; the address's hash scrolls to its section. */
export function Page() {
  usePageTitle('About details');
  const { hash, key } = useLocation();
  const DETAILS = details(useStorefrontTexts());
  const t = useT();

  useEffect(() => {
    if (!hash) return;
    // The sections are static, so they exist on the first render: scroll once they are laid out.
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash, key]);

  return (
    <>
      <PageCover title="About details" text="Who we are, why you can trust us, and what we do best" picture="juice" />
      <div className="mx-auto max-w-4xl px-4 py-12 md:py-16">
        <Link to={paths.about} className="inline-flex items-center gap-2 font-semibold text-brand-800 hover:underline">
          <span aria-hidden="true">←</span> Back
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
          <span aria-hidden="true">←</span> Back to About
        </Link>
      </div>
    </>
  );
}
