import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App, createQueryClient } from './app/app.tsx';
import { loadPageOf } from './app/router.tsx';
import { registerServiceWorker } from './app/service-worker-registration.ts';
import { APP_READY_ATTRIBUTE, SERVER_RENDERED_ATTRIBUTE } from '../shared/rendered-page.ts';
import { readPageData, seedQueries } from './page-data.ts';

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
  seedQueries(queryClient, readPageData());
  void loadPageOf(window.location.pathname).finally(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  // Any other page holds only the static loading screen, which React replaces.
  createRoot(root).render(app);
}

registerServiceWorker();
