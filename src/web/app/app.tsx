import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { paths } from '../../shared/paths.ts';
import { AuthProvider } from '../auth/auth-provider.tsx';
import { router } from './router.tsx';
import { ToastProvider } from './toast.tsx';

/** Any 401 or 403 of the API: the user is signed out and sent to /login (spec section 8). */
function goToLogin() {
  void router.navigate(paths.login);
}

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <AuthProvider onSessionLost={goToLogin}>
          <RouterProvider router={router} />
        </AuthProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
