import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { useT } from '../../i18n/i18n.ts';
import { SectionHeading } from '../../ui/section-heading.tsx';
import { ABOUT_TOPICS } from '../content/about.ts';

const ICONS: Record<string, string> = {
  who: 'M12 12a4 4 0 100-8 4 4 0 000 8zm-7 8a7 7 0 0114 0',
  why: 'M5 13l4 4L19 7',
  what: 'M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.9z',
};

/** Three cards (who, why, what) whose 'More' links open that section of /detail_about. */
export function AboutTeaser({ title }: { title?: string }) {
  const t = useT();
  return (
    <section aria-labelledby="about-teaser-title" className="bg-brand-900 py-16 md:py-24">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="about-teaser-title" eyebrow={t('about.teaser.eyebrow')} title={title ?? t('about.teaser.title')} tone="light" />
        <ul className="grid gap-6 md:grid-cols-3">
          {ABOUT_TOPICS.map((topic) => (
            <li key={topic.id} className="flex flex-col rounded-xl bg-white p-8 shadow-lg">
              <span className="flex h-12 w-12 items-center justify-center rounded-full bg-accent-400 text-stone-900">
                <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                  <path d={ICONS[topic.id]} />
                </svg>
              </span>
              <h3 className="mt-5 font-display text-2xl font-bold text-stone-900">{t(topic.title)}</h3>
              <p className="mt-3 flex-1 leading-relaxed text-stone-600">{t(topic.teaser)}</p>
              <Link
                to={`${paths.detailAbout}#${topic.id}`}
                className="mt-6 self-start rounded-md border-b-4 border-brand-800 bg-brand-50 px-5 py-2 font-semibold uppercase tracking-wide text-brand-900 hover:bg-brand-800 hover:text-white"
              >
                {t('about.more')}<span className="sr-only">{t(topic.more)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
