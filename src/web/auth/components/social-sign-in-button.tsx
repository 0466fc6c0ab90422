import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { SOCIAL_POPUP } from '../../../shared/auth-constants.ts';
import { AUTH_PROVIDERS_QUERY_KEY, fetchAuthProviders, socialSignInUrl } from '../api/auth-api.ts';
import { messageOf } from './form-field.tsx';
import { useT } from '../../i18n/i18n.ts';

/** The channel the popup's last page reports on (same origin; works whatever the provider's COOP). */
export const SOCIAL_CHANNEL = 'raw-roots-social-sign-in';
export interface SocialResult {
  ok: boolean;
  error?: string;
}

/**
 * 'Continue with Google' (or the configured provider) under an "or" line, nothing when none is configured. Opens the
 * provider in a 500×600 popup; its last page tells this window through a BroadcastChannel.
 */
export function SocialSignInButton({ onDone, onError }: { onDone: () => void; onError: (message: string) => void }) {
  const providers = useQuery({ queryKey: AUTH_PROVIDERS_QUERY_KEY, queryFn: fetchAuthProviders, staleTime: Infinity });
  const [waiting, setWaiting] = useState(false);
  const t = useT();
  const handlers = useRef({ onDone, onError });
  useEffect(() => {
    handlers.current = { onDone, onError };
  }, [onDone, onError]);

  useEffect(() => {
    const channel = new BroadcastChannel(SOCIAL_CHANNEL);
    channel.onmessage = (event: MessageEvent<SocialResult>) => {
      setWaiting(false);
      if (event.data.ok) handlers.current.onDone();
      else handlers.current.onError(event.data.error ?? 'Social sign-in did not complete.');
    };
    return () => channel.close();
  }, []);

  const social = providers.data?.social;
  if (!social) return null;

  async function open(provider: string) {
    const { width, height } = SOCIAL_POPUP;
    const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
    const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
    // Opened at once, inside the click, so popup blockers let it through; its address follows.
    const popup = window.open('', 'social-sign-in', `popup,width=${width},height=${height},left=${left},top=${top}`);
    if (!popup) {
      handlers.current.onError('The sign-in window was blocked. Allow pop-ups for this site and try again.');
      return;
    }
    setWaiting(true);
    try {
      popup.location.href = await socialSignInUrl(provider);
    } catch (error) {
      popup.close();
      setWaiting(false);
      handlers.current.onError(messageOf(error, 'Social sign-in is not available right now.'));
    }
  }

  return (
    <div className="flex flex-col gap-1">
      <div className="mb-3 flex items-center gap-3 text-sm text-stone-500" aria-hidden="true">
        <span className="h-px flex-1 bg-stone-200" /> {t('auth.social.or')} <span className="h-px flex-1 bg-stone-200" />
      </div>
      <button
        type="button"
        onClick={() => void open(social.id)}
        className="flex items-center justify-center gap-2 rounded-md border border-stone-300 bg-white px-4 py-2 font-semibold text-stone-800 hover:bg-stone-50"
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
          <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M12 7v10M7 12h10" stroke="currentColor" strokeWidth="2" />
        </svg>
        {t('auth.social.continue', { provider: social.name })}
      </button>
      {waiting && (
        <p className="text-sm text-stone-600" role="status">
          {t('auth.social.waiting', { provider: social.name })}
        </p>
      )}
    </div>
  );
}
