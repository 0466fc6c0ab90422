import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False on the server and while React hydrates the server's page, true in any other drawing. For
 * what only the browser knows (a saved heart, the signed-in user's dashboard link) or what must
 * wait for the scripts (a form's submit button: before them, the browser would send the form
 * itself, password included, in the page's address): React's hydration must draw what the server
 * drew, then draws the browser's value at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
