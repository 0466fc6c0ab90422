import { useId } from 'react';
import { EXTRA_MINUTES, PAUSE_MINUTES } from '../../../shared/busy-mode.ts';
import { isPausedAt } from '../../../shared/opening-hours.ts';
import type { BusyChange, RestaurantSettings } from '../../../shared/restaurant-settings.ts';
import { useChangeBusy, useRestaurantSettings } from '../../settings/api/settings-api.ts';
import { useToast } from '../../ui/toast.tsx';
import { formatTime } from '../order-format.ts';

const chipClass =
  'rounded-md px-2.5 py-1.5 text-sm font-semibold ring-1 ring-stone-300 bg-white hover:bg-stone-100 disabled:opacity-60 aria-pressed:bg-brand-800 aria-pressed:text-white aria-pressed:ring-brand-800';

/**
 * Busy mode on the board, for staff and administrators (PATCH /api/staff/busy): pause new orders
 * for a while or until resumed, add minutes to every quoted time, accept new orders on payment.
 * Each press takes effect at once; the settings' cache shows the result everywhere.
 */
export function BusyControls({ now }: { now: number }) {
  const settings = useRestaurantSettings();
  const change = useChangeBusy();
  const toast = useToast();
  const id = useId();
  const s = settings.data;
  if (!s) return null;
  const paused = isPausedAt(s, new Date(now));
  // While a change travels, the controls show it already, so a switch moves under the finger.
  const sending = change.isPending ? change.variables : undefined;
  const autoAccept = sending?.autoAccept ?? s.autoAccept;
  const extraMinutes = sending?.extraMinutes ?? s.extraMinutes;

  const send = (body: BusyChange, done: string) =>
    change.mutate(body, {
      onSuccess: () => toast.success(done),
      onError: (error) => toast.error(error.message),
    });

  return (
    <div data-testid="busy-controls" className="mt-2 flex flex-wrap items-center gap-x-5 gap-y-2 rounded-lg bg-white px-3 py-2 ring-1 ring-stone-200">
      <PauseControl settings={s} paused={paused} busy={change.isPending} onChange={send} />
      <fieldset className="flex flex-wrap items-center gap-1.5">
        <legend className="float-left mr-1 text-sm font-semibold text-stone-800">Extra time</legend>
        {EXTRA_MINUTES.map((minutes) => (
          <button
            key={minutes}
            type="button"
            aria-pressed={extraMinutes === minutes}
            disabled={change.isPending}
            onClick={() => send({ extraMinutes: minutes }, minutes === 0 ? 'Quoted times as typed again.' : `${minutes} minutes added to every quoted time.`)}
            className={chipClass}
          >
            {minutes === 0 ? 'None' : `+${minutes}`}
            <span className="sr-only">{minutes === 0 ? ' extra minutes' : ' minutes'}</span>
          </button>
        ))}
      </fieldset>
      <label className="flex items-center gap-2 text-sm font-semibold text-stone-800">
        <input
          type="checkbox"
          role="switch"
          aria-describedby={`${id}-auto`}
          checked={autoAccept}
          disabled={change.isPending}
          onChange={(e) => send({ autoAccept: e.target.checked }, e.target.checked ? 'New orders are accepted on payment.' : 'New orders wait for Accept again.')}
          className="h-5 w-9 shrink-0 cursor-pointer accent-brand-700"
        />
        Auto-accept
        <span id={`${id}-auto`} className="font-normal text-stone-600">
          ({s.preparationMinutes + extraMinutes} min)
        </span>
      </label>
    </div>
  );
}

function PauseControl({
  settings,
  paused,
  busy,
  onChange,
}: {
  settings: RestaurantSettings;
  paused: boolean;
  busy: boolean;
  onChange: (body: BusyChange, done: string) => void;
}) {
  if (paused) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <p role="status" data-testid="busy-paused" className="rounded-md bg-red-700 px-2.5 py-1.5 text-sm font-bold text-white">
          <span aria-hidden="true">⏸ </span>
          {settings.pausedUntil ? `New orders paused until ${formatTime(settings.pausedUntil, settings.timeZone)}` : 'New orders paused until resumed'}
        </p>
        <button
          type="button"
          disabled={busy}
          onClick={() => onChange({ pause: 'resume' }, 'Orders are taken again.')}
          className="rounded-md bg-brand-800 px-3 py-1.5 text-sm font-bold text-white hover:bg-brand-900 disabled:opacity-60"
        >
          Resume orders
        </button>
      </div>
    );
  }
  return (
    <fieldset className="flex flex-wrap items-center gap-1.5">
      <legend className="float-left mr-1 text-sm font-semibold text-stone-800">Pause new orders</legend>
      {PAUSE_MINUTES.map((minutes) => (
        <button key={minutes} type="button" disabled={busy} onClick={() => onChange({ pause: minutes }, `New orders paused for ${minutes} minutes.`)} className={chipClass}>
          {minutes} min
        </button>
      ))}
      <button type="button" disabled={busy} onClick={() => onChange({ pause: 'untilResumed' }, 'New orders paused until you resume.')} className={chipClass}>
        Until resumed
      </button>
    </fieldset>
  );
}
