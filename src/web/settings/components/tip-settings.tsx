import type { RestaurantSettings } from '../../../shared/restaurant-settings.ts';
import { useT } from '../../i18n/i18n.ts';
import { Field, inputClass, RateSelect, type FieldKit } from './settings-fields.tsx';
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
  kit: FieldKit;
}

/** The settings' tips (docs/product.md, "Tips"): on or off, the percentages, a typed amount, their tax. */
export function TipSettings({ tips, percents, setPercents, setTips, rates, kit }: Props) {
  const t = useT();
  const { fieldId, errorsOf, invalid } = kit;
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-bold text-brand-900">{t('settings.tips')}</legend>
      <label className="flex items-center gap-3 rounded-lg border border-stone-200 bg-white p-3">
        <input type="checkbox" checked={tips.enabled} onChange={(e) => setTips({ ...tips, enabled: e.target.checked })} className="h-5 w-5 shrink-0 cursor-pointer accent-brand-700" />
        <span className="font-semibold text-stone-900">{t('settings.tips.enabled')}</span>
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('settings.tips.percents')} id={fieldId('tips.percents')} errors={errorsOf('tips.percents')} hint={t('settings.tips.percentsHint')}>
          <input id={fieldId('tips.percents')} {...invalid('tips.percents', true)} inputMode="numeric" value={percents} onChange={(e) => setPercents(e.target.value)} className={inputClass} />
        </Field>
        <RateSelect
          kit={kit}
          field="tips.taxRateId"
          label={t('settings.tips.taxed')}
          none={t('settings.tips.untaxed')}
          rates={rates}
          value={tips.taxRateId}
          onChange={(taxRateId) => setTips({ ...tips, taxRateId })}
        />
      </div>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={tips.allowAmount} onChange={(e) => setTips({ ...tips, allowAmount: e.target.checked })} className="h-4 w-4 accent-brand-700" />
        {t('settings.tips.allowAmount')}
      </label>
    </fieldset>
  );
}
