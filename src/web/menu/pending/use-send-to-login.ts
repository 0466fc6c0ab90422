import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { MenuItem } from '../../../shared/menu.ts';
import { paths } from '../../../shared/paths.ts';
import { useToast } from '../../ui/toast.tsx';
import { rememberPendingAction, type PendingAction } from './pending-action.ts';

const WHY: Record<PendingAction['kind'], (name: string) => string> = {
  cart: (name) => `Log in or sign up to take ${name} on your table`,
  favourite: (name) => `Log in or sign up to save ${name} to your favourites`,
};

/**
 * Keeps the visitor's wish for after sign-in (pending-action-runner.tsx). The address is read at
 * the click, so cards needn't re-render when it changes.
 */
export function useSendToLogin(): (kind: PendingAction['kind'], item: Pick<MenuItem, '_id' | 'name'>) => void {
  const navigate = useNavigate();
  const toast = useToast();
  return useCallback(
    (kind, item) => {
      rememberPendingAction(kind, item);
      toast.success(WHY[kind](item.name));
      const { pathname, search, hash } = window.location;
      navigate(paths.login, { state: { from: { pathname, search, hash } } });
    },
    [navigate, toast],
  );
}
