import { useId, useState, type FormEvent } from 'react';
import { PROMO_CODE_MAX } from '../../../shared/promo-codes.ts';
import { useFormat } from '../../i18n/format.ts';
import { useT } from '../../i18n/i18n.ts';
import { FieldError } from '../../ui/field-error.tsx';

/**
 * The payment page's "Promo code": applying asks the server for the intent again with the code
 * (`onApply`), which answers the discount and the new taxes and total, or the reason the code does
 * not apply, shown at the field. The discount shown is the server's; nothing is computed here.
 */
export function PromoCodeField({
  applied,
  discount,
  onApply,
}: {
  /** The code the server granted for the current intent, and its discount. */
  applied: string | undefined;
  discount: number | undefined;
  /** Asks for the intent with this code, or without one (null); rejects with the server's reason. */
  onApply: (code: string | null) => Promise<void>;
}) {
  const t = useT();
  const format = useFormat();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function ask(code: string | null) {
    setBusy(true);
    try {
      await onApply(code);
      setError(undefined);
      if (code === null) setTyped('');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('payment.promo.checkFailed'));
    } finally {
      setBusy(false);
    }
  }

  if (applied !== undefined && discount !== undefined) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 border-y border-stone-200 py-2">
        <p className="flex flex-1 justify-between gap-3">
          <span>{t('payment.promo.discount', { code: applied })}</span>
          <span data-testid="payment-discount" className="whitespace-nowrap font-semibold text-brand-900">
            {t('payment.promo.discountAmount', { amount: format.money(discount) })}
          </span>
        </p>
        <button type="button" disabled={busy} onClick={() => void ask(null)} className="rounded-md px-3 py-1 text-sm font-semibold text-brand-800 underline hover:bg-brand-50 disabled:text-stone-500">
          {t('payment.promo.remove')}
          <span className="sr-only"> {applied}</span>
        </button>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim()) void ask(typed.trim());
    else setError(t('payment.promo.enterCode'));
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-1">
      <label htmlFor={`${id}-code`} className="text-sm font-semibold text-stone-700">
        {t('payment.promo.field')}
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-code`}
          value={typed}
          maxLength={PROMO_CODE_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setTyped(event.target.value)}
          className="h-11 min-w-0 flex-1 rounded-md border border-stone-500 px-3 uppercase aria-invalid:border-red-700"
        />
        <button type="submit" disabled={busy} className="rounded-md bg-brand-800 px-4 font-bold text-white hover:bg-brand-900 disabled:bg-stone-300">
          {t('payment.promo.apply')}
        </button>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </form>
  );
}
