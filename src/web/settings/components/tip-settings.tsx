import type { ReactNode } from 'react';
import type { RestaurantSettings } from '../../../shared/restaurant-settings.ts';
import { TIP_TEXTS } from '../../../shared/tips.ts';
import type { TaxRateDraft } from './tax-settings.tsx';

/** "10, 15, 20" as typed into numbers; a word that is no number stays NaN for the schema to name. */
export const fromPercentsDraft = (typed: string): number[] =>
  typed
    .split(/[,\s]+/)
    .map((part) => part.replace('%', '').trim())
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));

interface Props {
  tips: RestaurantSettings['tips'];
  percents: string;
  setPercents: (typed: string) => void;
  setTips: (tips: RestaurantSettings['tips']) => void;
  rates: TaxRateDraft[];
  fieldId: (key: string) => string;
  errorsOf: (key: string) => string[];
  invalid: (key: string, hinted?: boolean) => object;
  inputClass: string;
  Field: (props: { label: string; id: string; errors?: string[]; hint?: string; children: ReactNode }) => ReactNode;
}

/** The settings' tips (docs/product.md, "Tips"): on or off, the percentages, a typed amount, their tax. */
export function TipSettings({ tips, percents, setPercents, setTips, rates, fieldId, errorsOf, invalid, inputClass, Field }: Props) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-bold text-brand-900">{TIP_TEXTS.section}</legend>
      <label className="flex items-center gap-3 rounded-lg border border-stone-200 bg-white p-3">
        <input type="checkbox" checked={tips.enabled} onChange={(e) => setTips({ ...tips, enabled: e.target.checked })} className="h-5 w-5 shrink-0 cursor-pointer accent-brand-700" />
        <span className="font-semibold text-stone-900">{TIP_TEXTS.enabled}</span>
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={TIP_TEXTS.percents} id={fieldId('tips.percents')} errors={errorsOf('tips.percents')} hint={TIP_TEXTS.percentsHint}>
          <input id={fieldId('tips.percents')} {...invalid('tips.percents', true)} inputMode="numeric" value={percents} onChange={(e) => setPercents(e.target.value)} className={inputClass} />
        </Field>
        <Field label={TIP_TEXTS.taxed} id={fieldId('tips.taxRateId')} errors={errorsOf('tips.taxRateId')}>
          <select
            id={fieldId('tips.taxRateId')}
            {...invalid('tips.taxRateId')}
            value={tips.taxRateId ?? ''}
            onChange={(e) => setTips({ ...tips, taxRateId: e.target.value || null })}
            className={inputClass}
          >
            <option value="">{TIP_TEXTS.untaxed}</option>
            {rates.map((rate) => (
              <option key={rate.id} value={rate.id}>
                {rate.name || rate.percent}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={tips.allowAmount} onChange={(e) => setTips({ ...tips, allowAmount: e.target.checked })} className="h-4 w-4 accent-brand-700" />
        {TIP_TEXTS.allowAmount}
      </label>
    </fieldset>
  );
}
