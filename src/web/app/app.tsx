import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { paths } from '../../shared/paths.ts';
import { AuthProvider } from '../auth/auth-provider.tsx';
import { AppRoutes } from './router.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { ToastProvider } from './toast.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
  },
});

/** Any 401 or 403 of the API: the user is signed out and sent to /login (spec section 8). */
function AuthWithLoginRedirect({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const goToLogin = useCallback(() => void navigate(paths.login), [navigate]);
  return <AuthProvider onSessionLost={goToLogin}>{children}</AuthProvider>;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ToastProvider>
          <AuthWithLoginRedirect>
            <ScrollToTop />
            <AppRoutes />
          </AuthWithLoginRedirect>
        </ToastProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
