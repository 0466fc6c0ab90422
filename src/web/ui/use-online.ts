import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Whether the browser has a connection. Actions that need the server (add to cart, pay) are
 * disabled without one, with the reason (NEEDS_CONNECTION in src/web/lib/offline.ts). The server's
 * drawing of a page, and hydration, assume a connection.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}
