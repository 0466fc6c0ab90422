import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App, createQueryClient } from './app/app.tsx';
import { loadPageOf } from './app/router.tsx';
import { AUTH_PROVIDERS_QUERY_KEY, captchaQueryKey } from './auth/api/auth-api.ts';
import { MENU_PREVIEW_QUERY_KEY, MENU_QUERY_KEY } from './menu/api/get-menu.ts';
import { reviewsQueryOptions } from './reviews/api/get-reviews.ts';
import { APP_READY_ATTRIBUTE, SERVER_RENDERED_ATTRIBUTE } from '../shared/rendered-page.ts';
import { readPageData } from './page-data.ts';

/** The app, started by boot.ts (the page's entry) once its page is ready for it. */
const root = document.getElementById('root')!;
const queryClient = createQueryClient();

/**
 * Marks the root once React has drawn the page or taken the server's page over: its buttons work
 * from then on (the browser tests wait for it). Draws nothing, so hydration sees the server's HTML.
 */
function MarkAppReady() {
  useEffect(() => root.setAttribute(APP_READY_ATTRIBUTE, ''), []);
  return null;
}

const app = (
  <StrictMode>
    <BrowserRouter>
      <App queryClient={queryClient} />
    </BrowserRouter>
    <MarkAppReady />
  </StrictMode>
);

if (root.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) {
  // A public page comes rendered by the server (src/web/server-render.tsx), with the menu, the
  // reviews or the captcha it was drawn with: React takes over its HTML once the page's chunk is in. In a transition, hydration
  // works in slices and lets the browser answer in between instead of holding a slow phone's
  // main thread for the whole page (Lighthouse's total blocking time).
  const { menu, menuPreview, reviews, captcha, authProviders } = readPageData();
  if (menu) queryClient.setQueryData(MENU_QUERY_KEY, menu);
  if (menuPreview) queryClient.setQueryData(MENU_PREVIEW_QUERY_KEY, menuPreview);
  if (reviews) queryClient.setQueryData(reviewsQueryOptions.queryKey, reviews);
  if (captcha) queryClient.setQueryData(captchaQueryKey(0, 0), captcha);
  if (authProviders) queryClient.setQueryData(AUTH_PROVIDERS_QUERY_KEY, authProviders);
  void loadPageOf(window.location.pathname).finally(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  // Any other page holds only the static loading screen, which React replaces.
  createRoot(root).render(app);
}
