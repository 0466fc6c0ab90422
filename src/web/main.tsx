import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createQueryClient } from './app/app.tsx';
import { pressKeptButtons } from './app/early-presses.ts';
import { PageLoadingRouter } from './app/page-loading-router.tsx';
import { loadPageOf } from './app/router.tsx';
import { registerServiceWorker } from './app/service-worker-registration.ts';
import { APP_READY_ATTRIBUTE, SERVER_RENDERED_ATTRIBUTE } from '../shared/rendered-page.ts';
import { readPageData, seedQueries } from './page-data.ts';
import { whenTakenOver, startTakingOver } from './ui/hydrate-later.tsx';

/** The app, started by boot.ts (the page's entry) once its page is ready for it. */
const root = document.getElementById('root')!;
const queryClient = createQueryClient();

/**
 * Marks the root once the app has drawn the page or taken the server's page over, the parts it
 * hydrates in turns too (ui/hydrate-later.tsx): its buttons work from then on (the browser tests
 * wait for it), and those pressed before are pressed again (app/early-presses.ts). Draws nothing,
 * so hydration sees the server's HTML.
 */
function MarkAppReady() {
  useEffect(
    () =>
      void whenTakenOver().then(() => {
        root.setAttribute(APP_READY_ATTRIBUTE, '');
        pressKeptButtons();
      }),
    [],
  );
  return null;
}

const app = (
  <StrictMode>
    <PageLoadingRouter>
      <App queryClient={queryClient} />
    </PageLoadingRouter>
    <MarkAppReady />
  </StrictMode>
);

// The page's chunks load first: nothing suspends while the page is drawn (app/router.tsx).
const pageLoaded = loadPageOf(window.location.pathname);
if (root.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) {
  // A public page comes rendered by the server (src/web/server-render.tsx), with the menu, the
  // reviews or the captcha it was drawn with: the app takes over its HTML once the page's chunk is in.
  seedQueries(queryClient, readPageData());
  const hydrate = () => {
    startTakingOver();
    hydrateRoot(root, app);
  };
  void pageLoaded.then(hydrate, hydrate);
} else {
  // Any other page holds only the static loading screen until then, which the app replaces.
  const draw = () => createRoot(root).render(app);
  void pageLoaded.then(draw, draw);
}

registerServiceWorker();
