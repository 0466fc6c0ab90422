import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Footer } from '../ui/footer.tsx';
import { Header } from '../ui/header.tsx';
import { LoadingScreen } from '../ui/loading-screen.tsx';

/** Public pages: header, routed content, footer (spec section 1). */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1">
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
