import { useId, useState, type FormEvent } from 'react';
import type { Order, RefundAsk } from '../../../shared/orders.ts';
import { useFormat } from '../../i18n/format.ts';
import { useT } from '../../i18n/i18n.ts';
import { FieldError } from '../../ui/field-error.tsx';
import { ModalDialog } from '../../ui/modal-dialog.tsx';
import { DIALOG_FIRST_FOCUS } from '../../ui/use-modal-dialog.ts';
import { useRefundOrder } from '../api/orders-api.ts';
import { lineQuantitiesLeft, orderNumber, refundLeftCents } from '../order-format.ts';

type Way = 'lines' | 'amount' | 'whole';

const buttonClass = 'rounded-md px-4 py-2 font-semibold';
const backClass = `${buttonClass} bg-stone-200 text-stone-800 hover:bg-stone-300`;
const goClass = `${buttonClass} bg-red-700 text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600`;

/**
 * The administrator's refund of an order: chosen lines with quantities, an amount, or all that is
 * left; then a confirmation naming the sum before anything is sent. The amount shown for lines is
 * the paid prices': the server prices them itself and refuses what exceeds what is left.
 */
export function RefundDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const t = useT();
  const format = useFormat();
  const dollars = (cents: number) => format.money(cents / 100, { spaced: false });
  const id = useId();
  const refund = useRefundOrder();
  const leftCents = refundLeftCents(order);
  const linesLeft = lineQuantitiesLeft(order);
  const [way, setWay] = useState<Way>('lines');
  const [quantities, setQuantities] = useState<string[]>(() => order.lines.map(() => '0'));
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState<{ ask: RefundAsk; cents: number } | null>(null);
  const [problem, setProblem] = useState<string>();

  const chosen = order.lines.flatMap((line, lineId) => {
    const quantity = Number(quantities[lineId]);
    return Number.isInteger(quantity) && quantity > 0 ? [{ lineId, quantity, cents: Math.round(line.price * 100) * quantity }] : [];
  });

  /** What the chosen way asks for, or the reason it cannot be sent. */
  function ask(): { ask: RefundAsk; cents: number } | string {
    if (way === 'whole') return { ask: { whole: true }, cents: leftCents };
    if (way === 'amount') {
      const cents = Math.round(Number(amount.replace(',', '.')) * 100);
      if (!/^\d+([.,]\d{1,2})?$/.test(amount.trim()) || cents < 1) return t('order.refundDialog.typeAmount');
      if (cents > leftCents) return t('order.refundDialog.overLeft', { amount: dollars(leftCents) });
      return { ask: { amountCents: cents }, cents };
    }
    if (chosen.length === 0) return t('order.refundDialog.chooseDish');
    const over = chosen.find((c) => c.quantity > linesLeft[c.lineId]!);
    if (over) return t('order.refundDialog.lineOver', { name: order.lines[over.lineId]!.name, left: linesLeft[over.lineId]! });
    const cents = chosen.reduce((sum, c) => sum + c.cents, 0);
    if (cents > leftCents) return t('order.refundDialog.overLeft', { amount: dollars(leftCents) });
    return { ask: { lines: chosen.map(({ lineId, quantity }) => ({ lineId, quantity })) }, cents };
  }

  const review = (event: FormEvent) => {
    event.preventDefault();
    const next = ask();
    if (typeof next === 'string') setProblem(next);
    else {
      setProblem(undefined);
      setConfirming(next);
    }
  };

  const send = () => {
    if (!confirming || refund.isPending) return;
    refund.mutate({ order, ask: confirming.ask }, { onSuccess: onClose });
  };

  if (confirming) {
    return (
      <ModalDialog title={t('order.refundDialog.title', { number: orderNumber(order) })} onClose={onClose}>
        <p className="mt-4 text-stone-800" id={`${id}-confirm`}>
          {t('order.refundDialog.confirm', { amount: dollars(confirming.cents) })}
        </p>
        <FieldError id={`${id}-send-error`} message={refund.error?.message} className="mt-3 text-sm font-medium text-red-700" />
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button type="button" className={backClass} onClick={() => (refund.reset(), setConfirming(null))} {...DIALOG_FIRST_FOCUS}>
            {t('order.refundDialog.back')}
          </button>
          <button type="button" className={goClass} disabled={refund.isPending} onClick={send} aria-describedby={`${id}-confirm`}>
            {refund.isPending ? t('order.refundDialog.refunding') : t('order.refundDialog.send', { amount: dollars(confirming.cents) })}
          </button>
        </div>
      </ModalDialog>
    );
  }

  return (
    <ModalDialog title={t('order.refundDialog.title', { number: orderNumber(order) })} onClose={onClose}>
      <p className="mt-2 font-semibold text-brand-900" data-testid="refund-left">
        {t('order.refundDialog.left', { amount: dollars(leftCents) })}
      </p>
      <form onSubmit={review} className="mt-4 space-y-4" noValidate>
        <fieldset>
          <legend className="text-sm font-semibold text-stone-700">{t('order.refundDialog.what')}</legend>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
            {(
              [
                ['lines', t('order.refundDialog.dishes')],
                ['amount', t('order.refundDialog.anAmount')],
                ['whole', t('order.refundDialog.whole')],
              ] as const
            ).map(([value, label], i) => (
              <label key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-way`}
                  value={value}
                  checked={way === value}
                  onChange={() => (setWay(value), setProblem(undefined))}
                  {...(i === 0 ? DIALOG_FIRST_FOCUS : {})}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>

        {way === 'lines' && (
          <ul className="space-y-2">
            {order.lines.map((line, lineId) => (
              <li key={lineId} className="flex items-center justify-between gap-3">
                <label htmlFor={`${id}-line-${lineId}`} className="min-w-0 flex-1 break-words text-sm">
                  {line.name}
                  <span className="block text-stone-600">
                    {t('order.refundDialog.each', { price: dollars(Math.round(line.price * 100)), left: linesLeft[lineId], quantity: line.quantity })}
                  </span>
                </label>
                <input
                  id={`${id}-line-${lineId}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={linesLeft[lineId]}
                  disabled={linesLeft[lineId] === 0}
                  value={quantities[lineId]}
                  onChange={(event) => setQuantities((q) => q.map((v, i) => (i === lineId ? event.target.value : v)))}
                  aria-describedby={problem ? `${id}-error` : undefined}
                  className="w-20 rounded-md border border-stone-500 px-2 py-1"
                />
              </li>
            ))}
          </ul>
        )}
        {way === 'amount' && (
          <div>
            <label htmlFor={`${id}-amount`} className="block text-sm font-semibold text-stone-700">
              {t('order.refundDialog.amount')}
            </label>
            <input
              id={`${id}-amount`}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-error` : undefined}
              className="mt-1 w-full rounded-md border border-stone-500 px-3 py-2"
            />
          </div>
        )}
        <FieldError id={`${id}-error`} message={problem} />
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className={backClass} onClick={onClose}>
            {t('order.refundDialog.cancel')}
          </button>
          <button type="submit" className={goClass} disabled={leftCents === 0}>
            {t('order.refundDialog.review')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
