import { PRODUCT_NAME } from '../../shared/product.ts';
import { useT } from '../i18n/i18n.ts';

/** Shown while sign-in state or a guard check loads: a pulsing logo and a progress bar. */
export function LoadingScreen() {
  const t = useT();
  return (
    <div role="status" aria-live="polite" className="flex min-h-[60vh] flex-col items-center justify-center gap-6">
      <img src="/favicon.svg" alt="" width={72} height={72} className="h-18 w-18 animate-pulse" />
      <div className="h-2 w-48 overflow-hidden rounded-full bg-brand-100">
        <div className="h-full w-1/3 animate-[loading-bar_1.2s_ease-in-out_infinite] rounded-full bg-brand-700" />
      </div>
      <span className="sr-only">{t('ui.loading', { name: PRODUCT_NAME })}</span>
    </div>
  );
}
