import { SKIP_WAITING_MESSAGE } from '../lib/offline.ts';

/**
 * Registers the service worker (src/web/service-worker.ts, docs/decisions/0028-installable-offline-app.md)
 * and tells the page when a new version of the app waits: the page offers "Reload" (AppBanners),
 * and the new version takes over only then, never under a page that is running.
 */
let waiting: ServiceWorker | undefined;
const listeners = new Set<() => void>();

export function subscribeToNewVersion(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function hasNewVersion(): boolean {
  return waiting !== undefined;
}

function announce(worker: ServiceWorker) {
  waiting = worker;
  for (const listener of listeners) listener();
}

/** The waiting version takes over, and the page reloads into it. */
export function reloadIntoNewVersion(): void {
  if (!waiting) return window.location.reload();
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage(SKIP_WAITING_MESSAGE);
}

function watch(registration: ServiceWorkerRegistration) {
  // The first version installed is not news: only a version that replaces one is announced.
  const replacesOne = () => navigator.serviceWorker.controller !== null;
  if (registration.waiting && replacesOne()) announce(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && replacesOne()) announce(installing);
    });
  });
  // A tab left open for hours (the order board, a menu on a counter) looks for a new version when it comes back into view.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
  });
}

/**
 * After the page has loaded and the browser is idle: the worker's downloads (the app's files, the
 * menu) never compete with the first screen. Production builds only: in development Vite serves
 * files that change on every save.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js')
      .then(watch)
      .catch(() => undefined); // No worker (a private window, a blocked origin): the shop works as a plain web page.
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(register, { timeout: 5000 }) : setTimeout(register, 1000));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
