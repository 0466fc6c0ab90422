import { useEffect } from 'react';
import { socialErrorMessage } from '../../../shared/auth-constants.ts';
import { SOCIAL_CHANNEL, type SocialResult } from '../components/social-sign-in-button.tsx';

/**
 * The last page of the social sign-in popup: tells the login page how it went, then closes.
 * Opened on its own (no login page waiting), it offers the way home.
 */
export function Page() {
  const error = new URLSearchParams(window.location.search).get('error');
  useEffect(() => {
    const channel = new BroadcastChannel(SOCIAL_CHANNEL);
    const result: SocialResult = error ? { ok: false, error: socialErrorMessage(error) } : { ok: true };
    channel.postMessage(result);
    channel.close();
    window.close();
  }, [error]);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold">{error ? 'Sign-in did not complete' : 'Signed in'}</h1>
      <p>You can close this window.</p>
      <a href="/" className="font-semibold text-brand-700 underline">
        Go to the shop
      </a>
    </main>
  );
}
