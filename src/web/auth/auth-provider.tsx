import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { SessionUser } from '../../shared/auth.ts';
import { ApiRequestError, OFFLINE_CODE, setAuthFailureListener, TOKEN_STORAGE_KEY } from '../lib/api-client.ts';
import { beginGuestAt, fetchRole, fetchSession, registerUser, requestToken, signInEmail, signOutSession, signUpEmail, type AuthUser } from './api/auth-api.ts';
import { AuthContext, type AuthContextValue } from './auth-context.ts';

/**
 * Who was signed in when the server last said so, kept beside the token: opened without a
 * connection, the app shows that customer (their pages say what cannot load) instead of signing
 * them out, and asks the server again once the connection is back.
 */
const LAST_USER_KEY = 'signed-in-user';

function lastSignedInUser(): SessionUser | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY) ? (JSON.parse(localStorage.getItem(LAST_USER_KEY) ?? 'null') as SessionUser | null) : null;
  } catch {
    return null;
  }
}

const isOffline = (error: unknown) => error instanceof ApiRequestError && error.body?.code === OFFLINE_CODE;

function toSessionUser(user: AuthUser): SessionUser {
  const guest = user.isAnonymous === true;
  return { uid: user.id, email: user.email, displayName: user.name || null, emailVerified: user.emailVerified, ...(guest && { guest }) };
}

/**
 * The auth state of docs/product.md §4: loading until the server says who is signed in; with a user
 * the bearer token is requested and stored under 'access-token', without one it is removed.
 * Any 401 or 403 of another call signs out and calls `onSessionLost` (which goes to /login).
 */
export function AuthProvider({ children, onSessionLost }: { children: ReactNode; onSessionLost: () => void }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<SessionUser | null>(null);
  const [loading, setLoading] = useState(true);
  const lostRef = useRef(onSessionLost);
  useEffect(() => {
    lostRef.current = onSessionLost;
  }, [onSessionLost]);

  /** Settles the state on what the server reports: a user (with a fresh token) or none. */
  const settle = useCallback(async (reported: AuthUser | null) => {
    if (reported?.isAnonymous === true) {
      // A guest has no bearer token (POST /jwt is an account's): its session cookie signs its calls.
      localStorage.removeItem(TOKEN_STORAGE_KEY);
      localStorage.removeItem(LAST_USER_KEY);
      setUser(toSessionUser(reported));
    } else if (reported) {
      localStorage.setItem(TOKEN_STORAGE_KEY, await requestToken(reported.email));
      localStorage.setItem(LAST_USER_KEY, JSON.stringify(toSessionUser(reported)));
      setUser(toSessionUser(reported));
    } else {
      localStorage.removeItem(TOKEN_STORAGE_KEY);
      localStorage.removeItem(LAST_USER_KEY);
      setUser(null);
    }
  }, []);

  const forget = useCallback(() => {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    localStorage.removeItem(LAST_USER_KEY);
    setUser(null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'menu' && q.queryKey[0] !== 'reviews' });
  }, [queryClient]);

  useEffect(() => {
    let cancelled = false;
    const askAgainOnline = () => void fetchSession().then((reported) => (cancelled ? undefined : settle(reported)), () => undefined);
    fetchSession()
      .then((reported) => (cancelled ? undefined : settle(reported)))
      .catch((error: unknown) => {
        if (cancelled) return;
        const known = isOffline(error) ? lastSignedInUser() : null;
        if (known) {
          setUser(known);
          window.addEventListener('online', askAgainOnline, { once: true });
        } else localStorage.removeItem(TOKEN_STORAGE_KEY);
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
      window.removeEventListener('online', askAgainOnline);
    };
  }, [settle]);

  // A guest's 403 is a call off its allow-list (a favourite, the profile), not a lost session.
  const guestRef = useRef(false);
  useEffect(() => {
    guestRef.current = user?.guest === true;
  }, [user]);

  useEffect(() => {
    setAuthFailureListener((status) => {
      if (status === 403 && guestRef.current) return;
      forget();
      void signOutSession().catch(() => undefined);
      lostRef.current();
    });
    return () => setAuthFailureListener(undefined);
  }, [forget]);

  /** Runs a sign-in style action with loading on; on failure nobody stays half signed in. */
  const run = useCallback(
    async <T,>(action: () => Promise<T>): Promise<T> => {
      setLoading(true);
      try {
        return await action();
      } catch (error) {
        forget();
        throw error;
      } finally {
        setLoading(false);
      }
    },
    [forget],
  );

  const email = user?.guest ? undefined : user?.email;
  // Looked up here, once for the app, not by each part that asks who is signed in: a menu page's
  // every card did, and each lookup's observer lengthened the page's takeover.
  const role = useQuery({
    queryKey: ['isAdmin', email],
    queryFn: () => fetchRole(email!),
    enabled: !loading && Boolean(email),
    staleTime: 60_000,
    // A failed lookup (offline) is asked again on reconnecting, not on each mount: a query without
    // data goes back to pending when asked again, the dashboard's menu then waits for it, and the
    // parts it unmounted would mount and ask again, every retry, for ever.
    retryOnMount: false,
  });
  const roleLoading = Boolean(email) && role.isPending;

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      loading,
      role: user?.guest ? 'guest' : role.data,
      roleLoading,
      signIn: (body) =>
        run(async () => {
          const { user: signedIn } = await signInEmail(body);
          await settle(signedIn);
        }),
      signUp: (body) =>
        run(async () => {
          const { user: created } = await signUpEmail(body);
          await settle(created);
          return (await registerUser(created.name, created.email)).insertedId;
        }),
      beginGuest: (tableToken, body) =>
        run(async () => {
          const { user: guest } = await beginGuestAt(tableToken, body);
          await settle(guest);
        }),
      completeSocialSignIn: () =>
        run(async () => {
          const reported = await fetchSession();
          if (!reported) throw new Error('The sign-in did not complete. Please try again.');
          await settle(reported);
          await registerUser(reported.name || reported.email, reported.email);
        }),
      refreshUser: async () => {
        const reported = await fetchSession();
        if (reported) setUser(toSessionUser(reported));
        else forget();
      },
      forgetUser: forget,
      signOut: async () => {
        setLoading(true);
        try {
          await signOutSession();
        } finally {
          forget();
          setLoading(false);
        }
      },
    }),
    [user, loading, role.data, roleLoading, run, settle, forget],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
