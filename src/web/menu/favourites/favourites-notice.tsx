import { Link, useLocation } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { useAuth } from '../../auth/use-auth.ts';
import { useT } from '../../i18n/i18n.ts';

/**
 * The Favourites tab's words when it has no dishes to show: a visitor is asked to log in (and
 * comes back here), a customer without favourites is told how to save one.
 */
export function FavouritesNotice({ count }: { count: number | undefined }) {
  const { user, loading } = useAuth();
  // Favourites are an account's: a table's guest is asked to log in, as a visitor is.
  const member = user && !user.guest;
  const location = useLocation();
  const t = useT();
  if (loading || (member && count !== 0)) return null;
  return (
    <div className="py-16 text-center text-stone-600">
      {member ? (
        <p>{t('menu.favourites.empty')}</p>
      ) : (
        <p>
          <Link to={paths.login} state={{ from: location }} className="font-semibold text-brand-700 underline hover:text-brand-900">
            {t('menu.favourites.logIn')}
          </Link>{' '}
          {t('menu.favourites.toSee')}
        </p>
      )}
    </div>
  );
}
