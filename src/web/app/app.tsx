import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../shared/paths.ts';
import { AuthProvider } from '../auth/auth-provider.tsx';
import { DishOptionsHost } from '../menu/options/dish-options-host.tsx';
import { FavouriteHeartsProvider } from '../menu/favourites/favourite-hearts.tsx';
import { AppBanners } from './app-banners.tsx';
import { PendingActionRunner } from '../menu/pending/pending-action-runner.tsx';
import { AppRoutes } from './router.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { HydrateLater, MountLater } from '../ui/hydrate-later.tsx';
import { ToastProvider } from '../ui/toast.tsx';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Requests go out even when the browser says it is offline ('always'): the failure then says
    // "No internet connection…" (lib/api-client.ts) at once, where TanStack Query would hold the
    // request, and the page would show "Loading…" until the connection came back.
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { networkMode: 'always' },
    },
  });
}

/** Any 401 or 403 of the API: the user is signed out and sent to /login (docs/product.md §8). */
function AuthWithLoginRedirect({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const goToLogin = useCallback(() => void navigate(paths.login), [navigate]);
  return <AuthProvider onSessionLost={goToLogin}>{children}</AuthProvider>;
}

/**
 * The whole app below its router: the browser wraps it in its router (main.tsx, page-loading-router.tsx), the
 * build's prerendering in a `StaticRouter` (prerender-entry.tsx), so both draw the same tree.
 */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthWithLoginRedirect>
          <ScrollToTop />
          <HydrateLater>
            <AppBanners />
          </HydrateLater>
          {/* A visitor's 'Take on table' or heart, done once they have signed in. */}
          <MountLater>
            <PendingActionRunner />
          </MountLater>
          <FavouriteHeartsProvider>
            {/* The page in a turn of its own: the first pass is only the app's providers. */}
            <HydrateLater>
              <AppRoutes />
            </HydrateLater>
          </FavouriteHeartsProvider>
          <MountLater>
            <DishOptionsHost />
          </MountLater>
        </AuthWithLoginRedirect>
      </ToastProvider>
    </QueryClientProvider>
  );
}
