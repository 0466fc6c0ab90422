import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { MenuItem } from '../../../shared/menu.ts';
import { paths } from '../../../shared/paths.ts';

/**
 * What the 'Take on table' button does, in one place. For now every visitor is signed out, so
 * the spec's visitor branch applies: go to /login and remember this page as `from`, so the
 * login returns here. The cart feature replaces this hook's body with the signed-in branch
 * (post the item to the cart, then refresh the cart count); the cards do not change.
 */
export function useTakeOnTable(): (item: MenuItem) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (_item: MenuItem) => {
      navigate(paths.login, { state: { from: location } });
    },
    [navigate, location],
  );
}
