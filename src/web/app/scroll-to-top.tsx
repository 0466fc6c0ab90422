import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A new page opens at its top; back and forward leave the browser's own scroll restoration.
 * Stands in for React Router's `<ScrollRestoration>`, which needs the data router this app no
 * longer loads (see router.tsx).
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}
