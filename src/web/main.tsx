import type { I18n } from '@lingui/core';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App, createQueryClient } from './app/app.tsx';
import { createI18n } from './i18n/i18n.ts';
import { pressKeptButtons } from './app/early-presses.ts';
import { registerServiceWorker } from './app/service-worker-registration.ts';
import { APP_READY_ATTRIBUTE, HYDRATION_ERROR_PREFIX, SERVER_RENDERED_ATTRIBUTE } from '../shared/rendered-page.ts';
import { readPageData, seedQueries } from './page-data.ts';

/** The app, started by boot.ts (the page's entry) once its page is ready for it. */
const root = document.getElementById('root')!;
const queryClient = createQueryClient();

/**
 * Marks the root once React has drawn the page or taken the server's page over: its buttons work
 * from then on (the browser tests wait for it), and those pressed before are pressed again
 * (app/early-presses.ts). Draws nothing, so hydration sees the server's HTML.
 */
function MarkAppReady() {
  useEffect(() => {
    root.setAttribute(APP_READY_ATTRIBUTE, '');
    pressKeptButtons();
  }, []);
  return null;
}

/** Hydration errors React recovers from, named so the browser tests fail on them (e2e/fixtures.ts). */
function reportRecoverableError(error: unknown) {
  console.error(HYDRATION_ERROR_PREFIX, error);
}

/**
 * Starts with the page's language: the one the server drew the page in
 * (src/server/i18n/request-language.ts), so hydration draws the same words. English at once;
 * another language once its catalogue has come (not a top-level await, which would split the app
 * into many small chunks).
 */
function start(i18n: I18n) {
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App queryClient={queryClient} i18n={i18n} />
      </BrowserRouter>
      <MarkAppReady />
    </StrictMode>
  );

  if (root.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) {
    // A public page comes rendered by the server (src/web/server-render.tsx), with the menu, the
    // reviews or the captcha it was drawn with. Hydrated in a transition, React works in slices and
    // lets the browser answer in between instead of holding a slow phone's main thread.
    seedQueries(queryClient, readPageData());
    startTransition(() => void hydrateRoot(root, app, { onRecoverableError: reportRecoverableError }));
  } else {
    // Any other page holds only the static loading screen, which React replaces.
    createRoot(root, { onRecoverableError: reportRecoverableError }).render(app);
  }
}

const i18n = createI18n(document.documentElement.lang);
if (i18n instanceof Promise) void i18n.then(start);
else start(i18n);
registerServiceWorker();
