import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { READY_IN_MAX, READY_IN_MIN, REASON_MAX, type OrderTransition } from '../../../shared/order-workflow.ts';
import type { Order } from '../../../shared/orders.ts';
import { ModalDialog } from '../../ui/modal-dialog.tsx';
import { FieldError } from '../../ui/field-error.tsx';
import { DIALOG_FIRST_FOCUS } from '../../ui/use-modal-dialog.ts';
import { DELAY_MINUTES } from '../../../shared/busy-mode.ts';
import { formatTime, orderNumber } from '../order-format.ts';
import { useShopTimeZone } from '../use-shop-time-zone.ts';

const QUICK_MINUTES = [10, 15, 20, 30] as const;

/** One move of the board in a modal dialog: Escape goes back; closing it is the parent's choice. */
function MoveDialog({ title, onBack, children }: { title: string; onBack: () => void; children: ReactNode }) {
  return (
    <ModalDialog title={title} onClose={onBack}>
      {children}
    </ModalDialog>
  );
}

const backClass = 'rounded-md bg-stone-200 px-4 py-2 font-semibold text-stone-800 hover:bg-stone-300';

/** Accept: staff promise a ready-in time (5 to 120 minutes), with the usual ones a tap away. */
export function AcceptDialog({
  order,
  busy,
  extraMinutes = 0,
  onAccept,
  onBack,
}: {
  order: Order;
  busy: boolean;
  /** Busy mode's extra minutes, which the server adds to the time chosen here. */
  extraMinutes?: number;
  onAccept: (minutes: number) => void;
  onBack: () => void;
}) {
  const [minutes, setMinutes] = useState('15');
  const id = useId();
  const value = Number(minutes);
  const valid = Number.isInteger(value) && value >= READY_IN_MIN && value <= READY_IN_MAX;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !busy) onAccept(value);
  };
  return (
    <MoveDialog title={`Accept ${orderNumber(order)}`} onBack={onBack}>
      <form onSubmit={submit} className="mt-4 space-y-4">
        <fieldset>
          <legend className="text-sm font-semibold text-stone-700">Ready in</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {QUICK_MINUTES.map((choice) => (
              <button
                key={choice}
                type="button"
                aria-pressed={value === choice}
                onClick={() => setMinutes(String(choice))}
                className="min-w-16 rounded-md px-3 py-2 font-semibold ring-1 ring-stone-300 aria-pressed:bg-brand-800 aria-pressed:text-white aria-pressed:ring-brand-800"
              >
                {choice} min
              </button>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={`${id}-minutes`} className="block text-sm font-semibold text-stone-700">
            Minutes until ready
          </label>
          <input
            id={`${id}-minutes`}
            type="number"
            inputMode="numeric"
            min={READY_IN_MIN}
            max={READY_IN_MAX}
            step={1}
            value={minutes}
            {...DIALOG_FIRST_FOCUS}
            aria-invalid={!valid || undefined}
            aria-describedby={`${id}-hint`}
            onChange={(e) => setMinutes(e.target.value)}
            className="mt-1 w-32 rounded-md border border-stone-500 px-3 py-2 aria-invalid:border-red-700"
          />
          <p id={`${id}-hint`} className={`mt-1 text-sm ${valid ? 'text-stone-600' : 'font-semibold text-red-700'}`}>
            Between {READY_IN_MIN} and {READY_IN_MAX} minutes.
            {extraMinutes > 0 && valid && ` Busy mode adds ${extraMinutes}: the customer is told ${value + extraMinutes} min.`}
          </p>
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={onBack} className={backClass}>
            Back
          </button>
          <button
            type="submit"
            disabled={!valid || busy}
            className="rounded-md bg-brand-800 px-4 py-2 font-bold text-white hover:bg-brand-900 disabled:bg-stone-300 disabled:text-stone-600"
          >
            {busy ? 'Accepting…' : `Accept, ready in ${valid ? value : '…'} min`}
          </button>
        </div>
      </form>
    </MoveDialog>
  );
}

/**
 * Reject or Cancel: asks for the reason the customer will read, and says that the money goes back.
 * This dialog is the confirmation: nothing moves until its red button is pressed.
 */
export function ReasonDialog({
  order,
  transition,
  busy,
  onConfirm,
  onBack,
}: {
  order: Order;
  transition: OrderTransition;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onBack: () => void;
}) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const id = useId();
  const missing = reason.trim() === '';
  const verb = transition.label; // 'Reject' or 'Cancel', from the workflow table
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!missing && !busy) onConfirm(reason.trim());
  };
  return (
    <MoveDialog title={`${verb} ${orderNumber(order)}?`} onBack={onBack}>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        {transition.refunds && (
          <p className="text-stone-700">
            The customer gets their money back. This cannot be undone.
          </p>
        )}
        <div>
          <label htmlFor={`${id}-reason`} className="block text-sm font-semibold text-stone-700">
            Reason (the customer reads it)
          </label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            maxLength={REASON_MAX}
            {...DIALOG_FIRST_FOCUS}
            value={reason}
            aria-invalid={(tried && missing) || undefined}
            aria-describedby={tried && missing ? `${id}-error` : undefined}
            onChange={(e) => setReason(e.target.value)}
            placeholder="e.g. We ran out of avocados"
            className="mt-1 w-full rounded-md border border-stone-500 px-3 py-2 aria-invalid:border-red-700"
          />
          <FieldError id={`${id}-error`} message={tried && missing ? 'Enter a reason' : undefined} className="mt-1 text-sm font-semibold text-red-700" />
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={onBack} className={backClass}>
            Back
          </button>
          <button type="submit" disabled={busy} className="rounded-md bg-red-700 px-4 py-2 font-bold text-white hover:bg-red-800 disabled:opacity-60">
            {busy ? 'Saving…' : `${verb} order`}
          </button>
        </div>
      </form>
    </MoveDialog>
  );
}

/** Push back: an accepted order's ready time, later by a few minutes; the customer's page and a mail say the new time. */
export function DelayDialog({
  order,
  now,
  busy,
  onDelay,
  onBack,
}: {
  order: Order;
  /** The board's clock: a ready time already past is pushed back from now, as the server does. */
  now: number;
  busy: boolean;
  onDelay: (minutes: number) => void;
  onBack: () => void;
}) {
  const [minutes, setMinutes] = useState<number>(10);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onDelay(minutes);
  };
  const timeZone = useShopTimeZone();
  const newTime = order.readyBy ? formatTime(new Date(Math.max(Date.parse(order.readyBy), now) + minutes * 60_000).toISOString(), timeZone) : '';
  return (
    <MoveDialog title={`Push back ${orderNumber(order)}`} onBack={onBack}>
      <form onSubmit={submit} className="mt-4 space-y-4">
        <p className="text-stone-700">
          Now ready by {order.readyBy ? formatTime(order.readyBy, timeZone) : '…'}. The customer's page shows the new time at once, and a mail tells them.
        </p>
        <fieldset>
          <legend className="text-sm font-semibold text-stone-700">Later by</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {DELAY_MINUTES.map((choice, index) => (
              <button
                key={choice}
                type="button"
                aria-pressed={minutes === choice}
                {...(index === 0 ? DIALOG_FIRST_FOCUS : {})}
                onClick={() => setMinutes(choice)}
                className="min-w-16 rounded-md px-3 py-2 font-semibold ring-1 ring-stone-300 aria-pressed:bg-brand-800 aria-pressed:text-white aria-pressed:ring-brand-800"
              >
                +{choice} min
              </button>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={onBack} className={backClass}>
            Back
          </button>
          <button type="submit" disabled={busy} className="rounded-md bg-brand-800 px-4 py-2 font-bold text-white hover:bg-brand-900 disabled:opacity-60">
            {busy ? 'Saving…' : `Push back to ${newTime}`}
          </button>
        </div>
      </form>
    </MoveDialog>
  );
}
