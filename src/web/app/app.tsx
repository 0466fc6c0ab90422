import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
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
 * The whole app below its router: the browser wraps it in a `BrowserRouter` (main.tsx), the
 * server's renderer in a `StaticRouter` (server-render.tsx), so both draw the same tree.
 */
export function App({ queryClient, i18n }: { queryClient: QueryClient; i18n: I18n }) {
  return (
    <I18nProvider i18n={i18n}>
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthWithLoginRedirect>
          <ScrollToTop />
          <AppBanners />
          {/* A visitor's 'Take on table' or heart, done once they have signed in. */}
          <PendingActionRunner />
          <FavouriteHeartsProvider>
            <AppRoutes />
          </FavouriteHeartsProvider>
          <DishOptionsHost />
        </AuthWithLoginRedirect>
      </ToastProvider>
    </QueryClientProvider>
    </I18nProvider>
  );
}
