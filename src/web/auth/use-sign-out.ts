import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../shared/paths.ts';
import { useToast } from '../ui/toast.tsx';
import { useAuth } from './use-auth.ts';

/**
 * The 'Log out' buttons' action (the header's and the dashboard's): ends the session, says
 * 'SignOut successfully' and goes home; a failure shows its message (docs/product.md §8).
 */
export function useSignOut(): () => void {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  return useCallback(() => {
    signOut().then(
      () => {
        toast.success('SignOut successfully');
        void navigate(paths.home);
      },
      (error: unknown) => toast.error(error instanceof Error ? error.message : 'Sign-out failed'),
    );
  }, [signOut, navigate, toast]);
}
