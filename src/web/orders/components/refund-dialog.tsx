import { useId, useState, type FormEvent } from 'react';
import { formatPrice } from '../../../shared/money.ts';
import { REFUND_TEXTS, type Order, type RefundAsk } from '../../../shared/orders.ts';
import { FieldError } from '../../ui/field-error.tsx';
import { ModalDialog } from '../../ui/modal-dialog.tsx';
import { DIALOG_FIRST_FOCUS } from '../../ui/use-modal-dialog.ts';
import { useRefundOrder } from '../api/orders-api.ts';
import { lineQuantitiesLeft, orderNumber, refundLeftCents } from '../order-format.ts';

type Way = 'lines' | 'amount' | 'whole';

const dollars = (cents: number) => `$${formatPrice(cents / 100)}`;
const buttonClass = 'rounded-md px-4 py-2 font-semibold';
const backClass = `${buttonClass} bg-stone-200 text-stone-800 hover:bg-stone-300`;
const goClass = `${buttonClass} bg-red-700 text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600`;

/**
 * The administrator's refund of an order: chosen lines with quantities, an amount, or all that is
 * left; then a confirmation naming the sum before anything is sent. The amount shown for lines is
 * the paid prices': the server prices them itself and refuses what exceeds what is left.
 */
export function RefundDialog({ order, onClose }: { order: Order; onClose: () => void }) {
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
      if (!/^\d+([.,]\d{1,2})?$/.test(amount.trim()) || cents < 1) return 'Enter an amount in dollars, such as 4.50';
      if (cents > leftCents) return REFUND_TEXTS.overLeft(dollars(leftCents));
      return { ask: { amountCents: cents }, cents };
    }
    if (chosen.length === 0) return 'Choose at least one dish and how many';
    const over = chosen.find((c) => c.quantity > linesLeft[c.lineId]!);
    if (over) return REFUND_TEXTS.lineOver(order.lines[over.lineId]!.name, linesLeft[over.lineId]!);
    const cents = chosen.reduce((sum, c) => sum + c.cents, 0);
    if (cents > leftCents) return REFUND_TEXTS.overLeft(dollars(leftCents));
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
      <ModalDialog title={REFUND_TEXTS.title(orderNumber(order))} onClose={onClose}>
        <p className="mt-4 text-stone-800" id={`${id}-confirm`}>
          {REFUND_TEXTS.confirm(dollars(confirming.cents))}
        </p>
        <FieldError id={`${id}-send-error`} message={refund.error?.message} className="mt-3 text-sm font-medium text-red-700" />
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button type="button" className={backClass} onClick={() => (refund.reset(), setConfirming(null))} {...DIALOG_FIRST_FOCUS}>
            Back
          </button>
          <button type="button" className={goClass} disabled={refund.isPending} onClick={send} aria-describedby={`${id}-confirm`}>
            {refund.isPending ? 'Refunding…' : `Refund ${dollars(confirming.cents)}`}
          </button>
        </div>
      </ModalDialog>
    );
  }

  return (
    <ModalDialog title={REFUND_TEXTS.title(orderNumber(order))} onClose={onClose}>
      <p className="mt-2 font-semibold text-brand-900" data-testid="refund-left">
        {REFUND_TEXTS.left(dollars(leftCents))}
      </p>
      <form onSubmit={review} className="mt-4 space-y-4" noValidate>
        <fieldset>
          <legend className="text-sm font-semibold text-stone-700">What to refund</legend>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
            {(
              [
                ['lines', 'Dishes'],
                ['amount', 'An amount'],
                ['whole', 'All that is left'],
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
                    ${formatPrice(line.price)} each · {linesLeft[lineId]} of {line.quantity} refundable
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
              Amount in dollars
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
            Cancel
          </button>
          <button type="submit" className={goClass} disabled={leftCents === 0}>
            Review refund
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
