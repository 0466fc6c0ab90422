import { useLayoutEffect, useState, type ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type NavigationType } from 'react-router';
import { loadPageOf } from './router.tsx';

/**
 * React Router's `BrowserRouter`, except that the app moves to a new address once the chunks of
 * its page have loaded (`loadPageOf`); until then the current page stays on screen. BrowserRouter
 * leaves that to React's transitions, which Preact runs at once: the next page would suspend with
 * no boundary above it (docs/decisions/0030-preact-compat.md). Of two quick moves the last wins.
 */
export function PageLoadingRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  const [state, setState] = useState<{ action: NavigationType; location: Location }>(() => ({ action: history.action, location: history.location }));

  useLayoutEffect(() => {
    let latest = 0;
    return history.listen(({ action, location }) => {
      const move = ++latest;
      const show = () => {
        if (move === latest) setState({ action, location });
      };
      // A chunk that failed to load is shown all the same: its page then throws, as it would in React.
      loadPageOf(location.pathname).then(show, show);
    });
  }, [history]);

  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
}
