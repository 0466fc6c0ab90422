import { Outlet } from 'react-router';
import { OpenNowLine } from '../settings/components/open-now-line.tsx';
import { useRestaurantSettings } from '../settings/api/settings-api.ts';
import { useHydrated } from '../ui/use-hydrated.ts';
import { ViewCartBar } from '../cart/components/view-cart-bar.tsx';
import { Footer } from '../ui/footer.tsx';
import { useT } from '../i18n/i18n.ts';
import { Header } from './header.tsx';
import { InstallOffer } from './install-offer.tsx';

/** Public pages: header, routed content, footer (docs/product.md §1), and on phones the cart's bar (§21). */
export function PublicLayout() {
  // After hydration, as the open-now line: the server's pages are kept snapshots without settings.
  const settings = useRestaurantSettings(useHydrated());
  const t = useT();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t('nav.skipToContent')}
      </a>
      <OpenNowLine />
      <Header />
      {/* Focusable by the skip link only (tabIndex -1): a screen reader goes on reading from here. */}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {/* No Suspense here: while the first page's chunk loads, the static loading screen of
            index.html stands alone (see AppRoutes). Header and footer drawn around it made the footer jump
            down when the page came (CLS 0.32 in Lighthouse; budget 0.05). */}
        <Outlet />
      </main>
      <Footer socialLinks={settings.data?.socialLinks} />
      {/* After the footer: it appears when the browser says the shop can be installed, and
          nothing below it moves then (above the footer, it moved a short page's footer: CLS 0.059). */}
      <InstallOffer />
      <ViewCartBar />
    </div>
  );
}
