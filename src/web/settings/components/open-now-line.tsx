import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ShopStatus } from '../../../shared/order-slots.ts';
import type { RestaurantSettings } from '../../../shared/restaurant-settings.ts';
import { useLanguage, useT } from '../../i18n/i18n.ts';
import { useHydrated } from '../../ui/use-hydrated.ts';
import { useRestaurantSettings } from '../api/settings-api.ts';
import type { StatusLineQuestion } from '../status-line.worker.ts';
import { statusWords } from '../status-words.ts';

/**
 * Server pages are kept snapshots, so the time-dependent line is worked out in the browser after
 * hydration; the server draws an empty strip of the same height so nothing shifts.
 */
export function OpenNowLine() {
  const t = useT();
  const hydrated = useHydrated();
  const settings = useRestaurantSettings(hydrated);
  const now = useMinuteClock();
  const status = useShopStatus(settings.data, now, useLanguage());
  const text = settings.data && status ? statusWords(status, t) : '';
  // Not "closed" while the worker has not answered yet: the line says nothing then.
  const state = !settings.data || !status ? 'unknown' : status.kind === 'paused' || status.kind === 'open' ? status.kind : 'closed';
  const dot = state === 'open' ? 'bg-green-400' : state === 'paused' ? 'bg-amber-400' : 'bg-stone-400';
  return (
    // A landmark of its own, so no content of the page is outside one (WCAG 1.3.1, axe: region).
    <aside aria-label={t('openNow.label')} className="h-8 overflow-hidden bg-stone-900 text-stone-100" data-testid="open-now" data-state={state}>
      <p className="mx-auto flex h-8 max-w-7xl items-center gap-2 truncate px-4 text-xs font-semibold sm:text-sm">
        {text && <span aria-hidden="true" className={`inline-block h-2 w-2 shrink-0 rounded-full ${dot}`} />}
        <span className="truncate">{text}</span>
      </p>
    </aside>
  );
}

/** The line's facts for these settings at this minute, worked out by a worker (status-line.worker.ts); undefined meanwhile. */
function useShopStatus(rules: RestaurantSettings | undefined, now: number | undefined, language: string): ShopStatus | undefined {
  const [status, setStatus] = useState<ShopStatus>();
  useEffect(() => {
    if (!rules || now === undefined) return;
    let current = true;
    void askStatusLine({ rules, now, language }).then((answer) => current && setStatus(answer));
    return () => {
      current = false;
    };
  }, [rules, now, language]);
  return status;
}

let worker: Worker | undefined;
const waiting: ((status: ShopStatus) => void)[] = [];

/** One worker for the page; it answers in the order it was asked. */
function askStatusLine(question: StatusLineQuestion): Promise<ShopStatus> {
  if (!worker) {
    worker = new Worker(new URL('../status-line.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<ShopStatus>) => waiting.shift()?.(event.data);
  }
  worker.postMessage(question);
  return new Promise((resolve) => waiting.push(resolve));
}

/**
 * The current minute (ms), again at each minute's turn; undefined on the server and while hydrating,
 * so the server's drawing and the first one in the browser agree.
 */
function useMinuteClock(): number | undefined {
  return useSyncExternalStore(subscribeToMinutes, currentMinute, () => undefined);
}

const currentMinute = () => Math.floor(Date.now() / 60_000) * 60_000;

function subscribeToMinutes(onChange: () => void): () => void {
  let timer: ReturnType<typeof setTimeout>;
  const tick = () => {
    timer = setTimeout(() => {
      onChange();
      tick();
    }, 60_000 - (Date.now() % 60_000) + 50);
  };
  tick();
  return () => clearTimeout(timer);
}
