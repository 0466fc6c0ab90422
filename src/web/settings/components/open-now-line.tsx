import { useEffect, useState, useSyncExternalStore } from 'react';
import type { RestaurantSettings } from '../../../shared/restaurant-settings.ts';
import { useHydrated } from '../../ui/use-hydrated.ts';
import { useRestaurantSettings } from '../api/settings-api.ts';
import type { StatusLineQuestion } from '../status-line.worker.ts';

/**
 * Server pages are kept snapshots, so the time-dependent line is worked out in the browser after
 * hydration; the server draws an empty strip of the same height so nothing shifts.
 */
export function OpenNowLine() {
  const hydrated = useHydrated();
  const settings = useRestaurantSettings(hydrated);
  const now = useMinuteClock();
  const text = useStatusLine(settings.data, now);
  // Not "closed" while the worker has not answered yet: the line says nothing then.
  const state = !settings.data || !text ? 'unknown' : text.startsWith('Orders paused') ? 'paused' : text.startsWith('Open') ? 'open' : 'closed';
  const dot = state === 'open' ? 'bg-green-400' : state === 'paused' ? 'bg-amber-400' : 'bg-stone-400';
  return (
    // A landmark of its own, so no content of the page is outside one (WCAG 1.3.1, axe: region).
    <aside aria-label="Opening hours" className="h-8 overflow-hidden bg-stone-900 text-stone-100" data-testid="open-now" data-state={state}>
      <p className="mx-auto flex h-8 max-w-7xl items-center gap-2 truncate px-4 text-xs font-semibold sm:text-sm">
        {text && <span aria-hidden="true" className={`inline-block h-2 w-2 shrink-0 rounded-full ${dot}`} />}
        <span className="truncate">{text}</span>
      </p>
    </aside>
  );
}

/** The line for these settings at this minute, worked out by a worker (status-line.worker.ts); '' meanwhile. */
function useStatusLine(rules: RestaurantSettings | undefined, now: number | undefined): string {
  const [line, setLine] = useState('');
  useEffect(() => {
    if (!rules || now === undefined) return;
    let current = true;
    void askStatusLine({ rules, now }).then((answer) => current && setLine(answer));
    return () => {
      current = false;
    };
  }, [rules, now]);
  return line;
}

let worker: Worker | undefined;
const waiting: ((line: string) => void)[] = [];

/** One worker for the page; it answers in the order it was asked. */
function askStatusLine(question: StatusLineQuestion): Promise<string> {
  if (!worker) {
    worker = new Worker(new URL('../status-line.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<string>) => waiting.shift()?.(event.data);
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
