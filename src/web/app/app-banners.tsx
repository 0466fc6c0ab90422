import { useSyncExternalStore } from 'react';
import { useT } from '../i18n/i18n.ts';
import { useOnline } from '../ui/use-online.ts';
import { hasNewVersion, reloadIntoNewVersion, subscribeToNewVersion } from './service-worker-registration.ts';

/**
 * The app's state above every page, in the page's flow (never over its content): without a
 * connection, what still works; when a new version is ready, "Reload". Both are read out by
 * screen readers when they appear. Neither is drawn by the server or during hydration.
 */
export function AppBanners() {
  const t = useT();
  const online = useOnline();
  const newVersion = useSyncExternalStore(subscribeToNewVersion, hasNewVersion, () => false);
  return (
    <div role="status" aria-live="polite">
      {!online && (
        <p className="bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-950">
          {t('appBanner.offline')}
        </p>
      )}
      {newVersion && (
        <p className="flex flex-wrap items-center justify-center gap-3 bg-brand-900 px-4 py-2 text-center text-sm text-white">
          {t('appBanner.newVersion')}
          <button type="button" onClick={reloadIntoNewVersion} className="min-h-6 rounded bg-white px-3 py-1 font-semibold text-brand-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
            {t('appBanner.reload')}
          </button>
        </p>
      )}
    </div>
  );
}
