import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useT } from '../../i18n/i18n.ts';

/** Any path the app does not know (the server answers it with status 404). */
export function Page() {
  const t = useT();
  usePageTitle(t('notFound.title'));
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="font-display text-7xl font-bold text-brand-700">404</p>
      <h1 className="mt-4 text-2xl font-semibold">{t('notFound.heading')}</h1>
      <p className="mt-2 text-stone-600">{t('notFound.text')}</p>
      <Link to={paths.home} className="mt-8 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
