import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '../../shared/paths.ts';
import { LoadingScreen } from '../ui/loading-screen.tsx';
import { PublicLayout } from './public-layout.tsx';

/**
 * Every route of the app. Pages are split into their own chunks (`lazy`) so a visitor downloads
 * only the page they open; the paths are the ones of src/shared/paths.ts.
 *
 * Declarative routes (`<Routes>`), not `createBrowserRouter`: the app uses no loader, action or
 * fetcher, and React Router's data router costs about 17 KB gzipped on every page's first load,
 * which put the public pages over the 120 KB budget (DESIGN.md section 6, docs/performance.md).
 * `BrowserRouter` updates in a transition, so the current page stays until the next one's chunk
 * has loaded, as the data router's `lazy` did.
 */
type PageModule = { Page: ComponentType };

const page = (load: () => Promise<PageModule>) => lazy(() => load().then((module) => ({ default: module.Page })));

/** An administrator's page: behind the admin guard (anyone else goes to /). */
const adminPage = (load: () => Promise<PageModule>) =>
  lazy(async () => {
    const [{ Page }, { RequireAdmin }] = await Promise.all([load(), import('../dashboard/require-admin.tsx')]);
    return {
      default: () => (
        <RequireAdmin>
          <Page />
        </RequireAdmin>
      ),
    };
  });

const HomePage = page(() => import('../storefront/pages/home-page.tsx'));
const AboutPage = page(() => import('../storefront/pages/about-page.tsx'));
const DetailAboutPage = page(() => import('../storefront/pages/detail-about-page.tsx'));
const ReviewPage = page(() => import('../storefront/pages/review-page.tsx'));
const ItemsPage = page(() => import('../storefront/pages/items-page.tsx'));
const OrderPage = page(() => import('../storefront/pages/order-page.tsx'));
const PlayStorePage = page(() => import('../storefront/pages/play-store-page.tsx'));
const LoginPage = page(() => import('../auth/pages/login-page.tsx'));
const SignUpPage = page(() => import('../auth/pages/sign-up-page.tsx'));
const NotFoundPage = page(() => import('../storefront/pages/not-found-page.tsx'));
const SocialDonePage = page(() => import('../auth/pages/social-done-page.tsx'));
// The dashboard's frame is for signed-in users only: not part of a visitor's first load.
const DashboardLayout = lazy(() => import('../dashboard/dashboard-layout.tsx').then((module) => ({ default: module.DashboardLayout })));
const DashboardIndexPage = page(() => import('../dashboard/pages/dashboard-index-page.tsx'));
const UserHomePage = page(() => import('../dashboard/pages/user-home-page.tsx'));
const AdminHomePage = adminPage(() => import('../dashboard/pages/admin-home-page.tsx'));
const ManageUsersPage = adminPage(() => import('../users/pages/manage-users-page.tsx'));
const CartPage = page(() => import('../cart/pages/cart-page.tsx'));
const PaymentPage = page(() => import('../payments/pages/payment-page.tsx'));
const AddItemPage = adminPage(() => import('../menu/admin/pages/add-item-page.tsx'));
const ManageItemsPage = adminPage(() => import('../menu/admin/pages/manage-items-page.tsx'));
const UpdateItemPage = adminPage(() => import('../menu/admin/pages/update-item-page.tsx'));

export function AppRoutes() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        <Route path="/" element={<PublicLayout />}>
          <Route index element={<HomePage />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="detail_about" element={<DetailAboutPage />} />
          <Route path="review" element={<ReviewPage />} />
          <Route path="items" element={<ItemsPage />} />
          <Route path="order" element={<OrderPage />} />
          <Route path="order/:category" element={<OrderPage />} />
          <Route path="play-store" element={<PlayStorePage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="signUp" element={<SignUpPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route path={paths.socialDone} element={<SocialDonePage />} />
        {/* The dashboard: the signed-in guard is in its layout; admin pages add the admin guard. */}
        <Route path="/dashboard" element={<DashboardLayout />}>
          <Route index element={<DashboardIndexPage />} />
          <Route path="userHome" element={<UserHomePage />} />
          <Route path="adminHome" element={<AdminHomePage />} />
          <Route path="all/users" element={<ManageUsersPage />} />
          <Route path="my/cart" element={<CartPage />} />
          <Route path="payment" element={<PaymentPage />} />
          <Route path="add/item" element={<AddItemPage />} />
          <Route path="manage/item" element={<ManageItemsPage />} />
          <Route path="update/item/:id" element={<UpdateItemPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
