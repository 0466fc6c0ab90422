import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the page is the server's HTML (rendering on the server, and hydrating it), true once
 * React runs it. A form's submit button waits for it: before the scripts run, the browser would
 * submit the form itself (Enter in a field), sending what was typed, password included, in the
 * page's address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
