import { lazy, type ComponentType } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { paths } from '../../shared/paths.ts';
import { ORDER_ROUTE_PATTERNS } from '../orders/order-paths.ts';
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

/** A module's page as a `lazy` component; `load()` fetches its chunk ahead of the first render. */
interface LazyPage {
  Page: ComponentType;
  load: () => Promise<unknown>;
}

function lazyPage(importPage: () => Promise<PageModule>): LazyPage {
  let loaded: PageModule | undefined;
  let loading: Promise<PageModule> | undefined;
  const load = () => (loading ??= importPage().then((module) => (loaded = module)));
  const Page = lazy(() => {
    // Once loaded, a thenable that answers at once: `lazy` then renders the page without
    // suspending, which a server-rendered page needs while it hydrates (see `loadPageOf`).
    if (loaded) {
      const module = loaded;
      return { then: (resolve: (value: { default: ComponentType }) => void) => resolve({ default: module.Page }) } as Promise<{ default: ComponentType }>;
    }
    return load().then((module) => ({ default: module.Page }));
  });
  return { Page, load };
}

const page = (importPage: () => Promise<PageModule>) => lazyPage(importPage).Page;

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

// The pages the server renders (src/web/server-render.tsx): their chunks load before hydration.
const home = lazyPage(() => import('../storefront/pages/home-page.tsx'));
const about = lazyPage(() => import('../storefront/pages/about-page.tsx'));
const detailAbout = lazyPage(() => import('../storefront/pages/detail-about-page.tsx'));
const review = lazyPage(() => import('../storefront/pages/review-page.tsx'));
const items = lazyPage(() => import('../storefront/pages/items-page.tsx'));
const order = lazyPage(() => import('../storefront/pages/order-page.tsx'));
const playStore = lazyPage(() => import('../storefront/pages/play-store-page.tsx'));
const login = lazyPage(() => import('../auth/pages/login-page.tsx'));
const signUp = lazyPage(() => import('../auth/pages/sign-up-page.tsx'));
const SERVER_RENDERED_PAGES: [pattern: string, page: LazyPage][] = [
  ['/', home],
  ['/about', about],
  ['/detail_about', detailAbout],
  ['/review', review],
  ['/items', items],
  ['/order', order],
  ['/order/:category', order],
  ['/play-store', playStore],
  ['/login', login],
  ['/signUp', signUp],
];

/**
 * Loads the chunk of the page at `pathname` (when it is one the server renders). main.tsx waits
 * for it before hydrating, so that the page's `lazy` answers at once and the whole page hydrates
 * in one pass instead of waiting for its chunk.
 */
export async function loadPageOf(pathname: string): Promise<void> {
  await SERVER_RENDERED_PAGES.find(([pattern]) => matchPath(pattern, pathname))?.[1].load();
}

const NotFoundPage = page(() => import('../storefront/pages/not-found-page.tsx'));
// The pages the account mails' links open, and "Forgot password?".
const ForgotPasswordPage = page(() => import('../auth/pages/forgot-password-page.tsx'));
const ResetPasswordPage = page(() => import('../auth/pages/reset-password-page.tsx'));
const VerifyEmailPage = page(() => import('../account/pages/verify-email-page.tsx'));
const ConfirmEmailPage = page(() => import('../account/pages/confirm-email-page.tsx'));
const ProfilePage = page(() => import('../account/pages/profile-page.tsx'));
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
// Orders: the board and its tickets check the staff role themselves (orders/components/require-staff.tsx).
const OrderBoardPage = page(() => import('../orders/pages/order-board-page.tsx'));
const OrderTicketPage = page(() => import('../orders/pages/order-ticket-page.tsx'));
const MyOrdersPage = page(() => import('../orders/pages/my-orders-page.tsx'));
const MyOrderPage = page(() => import('../orders/pages/my-order-page.tsx'));

/**
 * No Suspense boundary around the routes, on purpose. React hydrates the content of a Suspense
 * boundary later than the rest, and the first update from above it (the session's answer) then
 * hydrates all of it in one synchronous task: 30 to 50 ms of a slow phone's main thread on the
 * item list (Lighthouse's total blocking time). Without a boundary, a page whose chunk is still
 * loading suspends the whole root: on the first load the static loading screen of index.html
 * stays until the page is in, and later pages load in a transition (BrowserRouter) while the
 * current page stays on screen.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<PublicLayout />}>
        <Route index element={<home.Page />} />
        <Route path="about" element={<about.Page />} />
        <Route path="detail_about" element={<detailAbout.Page />} />
        <Route path="review" element={<review.Page />} />
        <Route path="items" element={<items.Page />} />
        <Route path="order" element={<order.Page />} />
        <Route path="order/:category" element={<order.Page />} />
        <Route path="play-store" element={<playStore.Page />} />
        <Route path="login" element={<login.Page />} />
        <Route path="signUp" element={<signUp.Page />} />
        <Route path={paths.forgotPassword.slice(1)} element={<ForgotPasswordPage />} />
        <Route path={paths.resetPassword.slice(1)} element={<ResetPasswordPage />} />
        <Route path={paths.verifyEmail.slice(1)} element={<VerifyEmailPage />} />
        <Route path={paths.confirmEmail.slice(1)} element={<ConfirmEmailPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route path={paths.socialDone} element={<SocialDonePage />} />
      {/* A kitchen ticket prints without the dashboard's frame. */}
      <Route path={ORDER_ROUTE_PATTERNS.ticket} element={<OrderTicketPage />} />
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
        <Route path="profile" element={<ProfilePage />} />
        <Route path={ORDER_ROUTE_PATTERNS.board} element={<OrderBoardPage />} />
        <Route path={ORDER_ROUTE_PATTERNS.myOrders} element={<MyOrdersPage />} />
        <Route path={ORDER_ROUTE_PATTERNS.myOrder} element={<MyOrderPage />} />
      </Route>
    </Routes>
  );
}
