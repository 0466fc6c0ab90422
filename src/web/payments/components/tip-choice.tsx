import { useId, useState } from 'react';
import { formatPrice } from '../../../shared/money.ts';
import type { TipChoice as Choice, TipOffer } from '../../../shared/tips.ts';
import { useFormat } from '../../i18n/format.ts';
import { useT } from '../../i18n/i18n.ts';
import { ApiRequestError } from '../../lib/api-client.ts';

/** Which radio is on: none, an offered percentage ("p15"), or the typed amount. */
const keyOf = (choice: Choice) => (choice.kind === 'percent' ? `p${choice.percent}` : choice.kind);

/**
 * The payment page's tip (docs/product.md, "Tips"): a radio group of the restaurant's offer, each
 * percentage with the amount the server computed, and an amount of the customer's own. Choosing
 * asks the server for the intent again with the choice; the page shows the server's figures only.
 */
export function TipChoice({ offer, chosen, onChoose }: { offer: TipOffer; chosen: Choice; onChoose: (choice: Choice) => Promise<void> }) {
  const t = useT();
  const format = useFormat();
  const id = useId();
  const [picked, setPicked] = useState(keyOf(chosen));
  const [typed, setTyped] = useState(chosen.kind === 'amount' ? formatPrice(chosen.amount) : '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function choose(choice: Choice) {
    setError('');
    setBusy(true);
    try {
      await onChoose(choice);
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? (failure.body?.fieldErrors?.tip?.[0] ?? failure.message) : t('payment.tip.failed'));
      setPicked(keyOf(chosen));
    } finally {
      setBusy(false);
    }
  }

  function pick(key: string, choice?: Choice) {
    setPicked(key);
    if (choice) void choose(choice);
  }

  function submitAmount(event: { preventDefault: () => void }) {
    event.preventDefault();
    const amount = Number(typed.replace(',', '.'));
    if (typed.trim() === '' || !Number.isFinite(amount)) {
      setError(t('payment.tip.typeAmount'));
      return;
    }
    void choose({ kind: 'amount', amount });
  }

  const errorId = `${id}-error`;
  return (
    <fieldset data-testid="tip-choice" aria-busy={busy} aria-describedby={error ? errorId : undefined} className="space-y-2">
      <legend className="font-display text-xl font-bold text-brand-900">{t('payment.tip.legend')}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <TipRadio name={id} label={t('payment.tip.none')} checked={picked === 'none'} disabled={busy} onPick={() => pick('none', { kind: 'none' })} />
        {offer.percents.map(({ percent, amount }) => (
          <TipRadio
            key={percent}
            name={id}
            label={t('payment.tip.percent', { percent: format.number(percent) })}
            detail={format.money(amount)}
            checked={picked === `p${percent}`}
            disabled={busy}
            onPick={() => pick(`p${percent}`, { kind: 'percent', percent })}
          />
        ))}
        {offer.maxAmount !== undefined && <TipRadio name={id} label={t('payment.tip.other')} checked={picked === 'amount'} disabled={busy} onPick={() => pick('amount')} />}
      </div>
      {picked === 'amount' && offer.maxAmount !== undefined && (
        // Enter in the amount adds the tip, as in a form of its own.
        <div role="group" aria-label={t('payment.tip.other')} className="flex flex-wrap items-end gap-2">
          <label htmlFor={`${id}-amount`} className="block text-sm font-semibold text-stone-700">
            {t('payment.tip.amountLabel')}
            <input
              id={`${id}-amount`}
              inputMode="decimal"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') submitAmount(e);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${errorId}` : ''}`}
              className="mt-1 block w-32 rounded-md border border-stone-500 bg-white px-3 py-2 text-stone-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700"
            />
          </label>
          <button type="button" disabled={busy} onClick={submitAmount} className="rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50 disabled:cursor-wait">
            {t('payment.tip.apply')}
          </button>
          <p id={`${id}-hint`} className="w-full text-xs text-stone-600">
            {t('payment.tip.most', { amount: format.money(offer.maxAmount) })}
          </p>
        </div>
      )}
      <p id={errorId} role="alert" className="min-h-5 text-sm font-semibold text-red-700">
        {error}
      </p>
    </fieldset>
  );
}

function TipRadio({ name, label, detail, checked, disabled, onPick }: { name: string; label: string; detail?: string; checked: boolean; disabled: boolean; onPick: () => void }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-stone-300 px-3 py-2 has-checked:border-brand-700 has-checked:bg-brand-50">
      <input type="radio" name={name} checked={checked} disabled={disabled} onChange={onPick} className="h-4 w-4 accent-brand-700" />
      <span>
        <span className="block font-semibold text-stone-900">{label}</span>
        {detail && <span className="block text-xs text-stone-600">{detail}</span>}
      </span>
    </label>
  );
}
