import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { MenuItem } from '../../../shared/menu.ts';
import { paths } from '../../../shared/paths.ts';
import { useToast } from '../../ui/toast.tsx';
import { rememberPendingAction, type PendingAction } from './pending-action.ts';

/** The reason of the messages that ask to log in. */
export const SIGNED_OUT_REASON = 'signed-out';

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
      // Gone once someone is signed in (pending-action-runner.tsx): its reason has passed.
      toast.success(WHY[kind](item.name), { reason: SIGNED_OUT_REASON });
      const { pathname, search, hash } = window.location;
      navigate(paths.login, { state: { from: { pathname, search, hash } } });
    },
    [navigate, toast],
  );
}
