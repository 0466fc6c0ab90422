import { Link, useLocation } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { useAuth } from '../../auth/use-auth.ts';

/**
 * The Favourites tab's words when it has no dishes to show: a visitor is asked to log in (and
 * comes back here), a customer without favourites is told how to save one.
 */
export function FavouritesNotice({ count }: { count: number | undefined }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading || (user && count !== 0)) return null;
  return (
    <div className="py-16 text-center text-stone-600">
      {user ? (
        <p>No favourites yet. Press the heart on a dish to save it here.</p>
      ) : (
        <p>
          <Link to={paths.login} state={{ from: location }} className="font-semibold text-brand-700 underline hover:text-brand-900">
            Log in
          </Link>{' '}
          to see the dishes you saved with the heart.
        </p>
      )}
    </div>
  );
}
