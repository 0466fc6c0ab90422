import { useId } from 'react';
import { EXTRA_MINUTES, PAUSE_MINUTES } from '../../../shared/busy-mode.ts';
import { isPausedAt } from '../../../shared/opening-hours.ts';
import type { BusyChange, RestaurantSettings } from '../../../shared/restaurant-settings.ts';
import { useChangeBusy, useRestaurantSettings } from '../../settings/api/settings-api.ts';
import { useToast } from '../../ui/toast.tsx';
import { useFormat } from '../../i18n/format.ts';
import { useT } from '../../i18n/i18n.ts';

const chipClass =
  'rounded-md px-2.5 py-1.5 text-sm font-semibold ring-1 ring-stone-300 bg-white hover:bg-stone-100 disabled:opacity-60 aria-pressed:bg-brand-800 aria-pressed:text-white aria-pressed:ring-brand-800';

/**
 * Busy mode on the board, for staff and administrators (PATCH /api/staff/busy): pause new orders
 * for a while or until resumed, add minutes to every quoted time, accept new orders on payment.
 * Each press takes effect at once; the settings' cache shows the result everywhere.
 */
export function BusyControls({ now }: { now: number }) {
  const t = useT();
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
        <legend className="float-left mr-1 text-sm font-semibold text-stone-800">{t('board.busy.extraTime')}</legend>
        {EXTRA_MINUTES.map((minutes) => (
          <button
            key={minutes}
            type="button"
            aria-pressed={extraMinutes === minutes}
            disabled={change.isPending}
            onClick={() => send({ extraMinutes: minutes }, minutes === 0 ? t('board.busy.extraNone') : t('board.busy.extraAdded', { minutes }))}
            className={chipClass}
          >
            {minutes === 0 ? t('board.busy.none') : `+${minutes}`}
            <span className="sr-only">{minutes === 0 ? t('board.busy.extraSr') : t('board.busy.minutesSr')}</span>
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
          onChange={(e) => send({ autoAccept: e.target.checked }, e.target.checked ? t('board.busy.autoOn') : t('board.busy.autoOff'))}
          className="h-5 w-9 shrink-0 cursor-pointer accent-brand-700"
        />
        {t('board.busy.autoAccept')}
        <span id={`${id}-auto`} className="font-normal text-stone-600">
          {t('board.busy.autoMinutes', { minutes: s.preparationMinutes + extraMinutes })}
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
  const t = useT();
  const format = useFormat();
  if (paused) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <p role="status" data-testid="busy-paused" className="rounded-md bg-red-700 px-2.5 py-1.5 text-sm font-bold text-white">
          <span aria-hidden="true">⏸ </span>
          {settings.pausedUntil ? t('board.busy.pausedUntil', { time: format.time(settings.pausedUntil, settings.timeZone) }) : t('board.busy.pausedUntilResumed')}
        </p>
        <button
          type="button"
          disabled={busy}
          onClick={() => onChange({ pause: 'resume' }, t('board.busy.resumed'))}
          className="rounded-md bg-brand-800 px-3 py-1.5 text-sm font-bold text-white hover:bg-brand-900 disabled:opacity-60"
        >
          {t('board.busy.resume')}
        </button>
      </div>
    );
  }
  return (
    <fieldset className="flex flex-wrap items-center gap-1.5">
      <legend className="float-left mr-1 text-sm font-semibold text-stone-800">{t('board.busy.pauseLegend')}</legend>
      {PAUSE_MINUTES.map((minutes) => (
        <button key={minutes} type="button" disabled={busy} onClick={() => onChange({ pause: minutes }, t('board.busy.pausedFor', { minutes }))} className={chipClass}>
          {t('board.card.minutes', { minutes })}
        </button>
      ))}
      <button type="button" disabled={busy} onClick={() => onChange({ pause: 'untilResumed' }, t('board.busy.pausedUntilYouResume'))} className={chipClass}>
        {t('board.busy.untilResumed')}
      </button>
    </fieldset>
  );
}
