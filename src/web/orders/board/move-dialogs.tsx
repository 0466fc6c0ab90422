import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { READY_IN_MAX, READY_IN_MIN, REASON_MAX, type OrderTransition } from '../../../shared/order-workflow.ts';
import type { Order } from '../../../shared/orders.ts';
import { ModalDialog } from '../../ui/modal-dialog.tsx';
import { FieldError } from '../../ui/field-error.tsx';
import { DIALOG_FIRST_FOCUS } from '../../ui/use-modal-dialog.ts';
import { DELAY_MINUTES } from '../../../shared/busy-mode.ts';
import type { MessageId } from '../../../shared/i18n/catalogue.ts';
import { useFormat } from '../../i18n/format.ts';
import { useT } from '../../i18n/i18n.ts';
import { orderNumber } from '../order-format.ts';
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
  const t = useT();
  const [minutes, setMinutes] = useState('15');
  const id = useId();
  const value = Number(minutes);
  const valid = Number.isInteger(value) && value >= READY_IN_MIN && value <= READY_IN_MAX;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !busy) onAccept(value);
  };
  return (
    <MoveDialog title={t('board.accept.title', { number: orderNumber(order) })} onBack={onBack}>
      <form onSubmit={submit} className="mt-4 space-y-4">
        <fieldset>
          <legend className="text-sm font-semibold text-stone-700">{t('board.accept.readyIn')}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {QUICK_MINUTES.map((choice) => (
              <button
                key={choice}
                type="button"
                aria-pressed={value === choice}
                onClick={() => setMinutes(String(choice))}
                className="min-w-16 rounded-md px-3 py-2 font-semibold ring-1 ring-stone-300 aria-pressed:bg-brand-800 aria-pressed:text-white aria-pressed:ring-brand-800"
              >
                {t('board.card.minutes', { minutes: choice })}
              </button>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={`${id}-minutes`} className="block text-sm font-semibold text-stone-700">
            {t('board.accept.minutesLabel')}
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
            {t('board.accept.between', { min: READY_IN_MIN, max: READY_IN_MAX })}
            {extraMinutes > 0 && valid && t('board.accept.busyAdds', { extra: extraMinutes, total: value + extraMinutes })}
          </p>
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={onBack} className={backClass}>
            {t('board.back')}
          </button>
          <button
            type="submit"
            disabled={!valid || busy}
            className="rounded-md bg-brand-800 px-4 py-2 font-bold text-white hover:bg-brand-900 disabled:bg-stone-300 disabled:text-stone-600"
          >
            {busy ? t('board.accept.accepting') : t('board.accept.submit', { minutes: valid ? value : '…' })}
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
  const t = useT();
  // Reject or Cancel: the workflow table's move, worded by its target status.
  const to = transition.to === 'rejected' ? 'rejected' : 'cancelled';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!missing && !busy) onConfirm(reason.trim());
  };
  return (
    <MoveDialog title={t(`board.reason.title.${to}` as MessageId, { number: orderNumber(order) })} onBack={onBack}>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        {transition.refunds && (
          <p className="text-stone-700">
            {t('board.reason.refunds')}
          </p>
        )}
        <div>
          <label htmlFor={`${id}-reason`} className="block text-sm font-semibold text-stone-700">
            {t('board.reason.label')}
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
            placeholder={t('board.reason.placeholder')}
            className="mt-1 w-full rounded-md border border-stone-500 px-3 py-2 aria-invalid:border-red-700"
          />
          <FieldError id={`${id}-error`} message={tried && missing ? t('board.reason.missing') : undefined} className="mt-1 text-sm font-semibold text-red-700" />
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={onBack} className={backClass}>
            {t('board.back')}
          </button>
          <button type="submit" disabled={busy} className="rounded-md bg-red-700 px-4 py-2 font-bold text-white hover:bg-red-800 disabled:opacity-60">
            {busy ? t('board.saving') : t(`board.reason.submit.${to}` as MessageId)}
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
  const t = useT();
  const format = useFormat();
  const [minutes, setMinutes] = useState<number>(10);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onDelay(minutes);
  };
  const timeZone = useShopTimeZone();
  const newTime = order.readyBy ? format.time(new Date(Math.max(Date.parse(order.readyBy), now) + minutes * 60_000).toISOString(), timeZone) : '';
  return (
    <MoveDialog title={t('board.delay.title', { number: orderNumber(order) })} onBack={onBack}>
      <form onSubmit={submit} className="mt-4 space-y-4">
        <p className="text-stone-700">
          {t('board.delay.now', { time: order.readyBy ? format.time(order.readyBy, timeZone) : '…' })}
        </p>
        <fieldset>
          <legend className="text-sm font-semibold text-stone-700">{t('board.delay.laterBy')}</legend>
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
                {t('board.delay.plus', { minutes: choice })}
              </button>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" onClick={onBack} className={backClass}>
            {t('board.back')}
          </button>
          <button type="submit" disabled={busy} className="rounded-md bg-brand-800 px-4 py-2 font-bold text-white hover:bg-brand-900 disabled:opacity-60">
            {busy ? t('board.saving') : t('board.delay.submit', { time: newTime })}
          </button>
        </div>
      </form>
    </MoveDialog>
  );
}
