import { useState, useSyncExternalStore } from 'react';
import { Trans } from '@lingui/react';
import { PRODUCT_NAME } from '../../shared/product.ts';
import { useT } from '../i18n/i18n.ts';
import { canInstall, promptInstall, subscribeToInstallPrompt } from './install-prompt.ts';

const ANSWERED_KEY = 'install-offer-answered';

/**
 * Below the footer, so it never covers content and its arrival moves nothing (public-layout.tsx);
 * shown only when the browser can install, and never again once answered.
 */
export function InstallOffer() {
  const available = useSyncExternalStore(subscribeToInstallPrompt, canInstall, () => false);
  const [answeredHere, setAnswered] = useState(false);
  const t = useT();
  // The storage is read only when the offer could show: a page's first read of it costs time.
  if (!available || answeredHere || localStorage.getItem(ANSWERED_KEY) !== null) return null;
  const answer = (install: boolean) => {
    localStorage.setItem(ANSWERED_KEY, install ? 'installed' : 'not now');
    setAnswered(true);
    if (install) void promptInstall();
  };
  return (
    <aside aria-label={t('nav.install.label')} className="mx-auto my-8 flex max-w-3xl flex-wrap items-center justify-between gap-4 rounded-2xl border border-brand-200 bg-white px-5 py-4 shadow-sm">
      <p className="text-sm text-stone-700">
        <Trans id="nav.install.text" values={{ shop: PRODUCT_NAME }} components={{ 0: <strong className="text-stone-900" /> }} />
      </p>
      <div className="flex gap-2">
        <button type="button" onClick={() => answer(false)} className="min-h-10 rounded-lg px-4 text-sm font-semibold text-stone-700 hover:bg-stone-100">
          {t('nav.install.notNow')}
        </button>
        <button type="button" onClick={() => answer(true)} className="min-h-10 rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800">
          {t('nav.install.install')}
        </button>
      </div>
    </aside>
  );
}
