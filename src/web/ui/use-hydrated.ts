import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False on the server and during hydration, which must draw what the server drew. For browser-only
 * state, and for submit buttons: before the scripts, the browser would send the form itself,
 * password included, in the page's address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
