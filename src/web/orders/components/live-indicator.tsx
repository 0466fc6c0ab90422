import { useT } from '../../i18n/i18n.ts';
import type { LiveState } from '../api/use-order-events.ts';

/** A small dot and word: whether changes arrive by themselves right now. */
export function LiveIndicator({ state }: { state: LiveState }) {
  const t = useT();
  const live = state === 'live';
  return (
    <span
      data-testid="live-indicator"
      data-state={state}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        live ? 'bg-brand-100 text-brand-900' : 'bg-amber-100 text-amber-900'
      }`}
    >
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${live ? 'bg-brand-600' : 'animate-pulse bg-amber-600'}`} />
      {t(live ? 'order.live.live' : state === 'connecting' ? 'order.live.connecting' : 'order.live.reconnecting')}
    </span>
  );
}
