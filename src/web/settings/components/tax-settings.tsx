import { CATEGORIES, type Category } from '../../../shared/category-list.ts';
import type { MessageId } from '../../../shared/i18n/catalogue.ts';
import { TAX_MODES, type TaxMode } from '../../../shared/order-totals.ts';
import type { RestaurantSettings } from '../../../shared/restaurant-settings.ts';
import { useT } from '../../i18n/i18n.ts';
import { Field, inputClass, RateSelect, type FieldKit } from './settings-fields.tsx';

/** A rate as typed: its percent stays text until the form is saved ("7." while typing 7.5). */
export interface TaxRateDraft {
  id: string;
  name: string;
  percent: string;
}

export const toRateDrafts = (rates: RestaurantSettings['taxRates']): TaxRateDraft[] => rates.map((rate) => ({ ...rate, percent: String(rate.percent) }));
export const fromRateDrafts = (rates: TaxRateDraft[]): RestaurantSettings['taxRates'] =>
  rates.map((rate) => ({ id: rate.id, name: rate.name, percent: rate.percent.trim() === '' ? Number.NaN : Number(rate.percent.replace(',', '.')) }));

/** A new rate's id: short, unique among the rates (dishes and categories refer to it). */
const newRateId = () => `rate-${crypto.randomUUID().slice(0, 8)}`;

interface Props {
  settings: RestaurantSettings;
  rates: TaxRateDraft[];
  setRates: (rates: TaxRateDraft[]) => void;
  set: <K extends keyof RestaurantSettings>(key: K, value: RestaurantSettings[K]) => void;
  kit: FieldKit;
  /** A field's own messages, without its parts' (the rates' list, not each rate's). */
  errorsAt: (key: string) => string[];
}

/** The dishes' categories by the menu's tab names (the settings page loads the menu's words). */
const CATEGORY_LABEL = Object.fromEntries(CATEGORIES.map((category) => [category, `menu.tab.${category}`])) as Record<Category, MessageId>;

/** The settings' taxes (docs/product.md §28): pricing mode, named rates, a default per category, the receipt's legal details. */
export function TaxSettings({ settings: s, rates, setRates, set, kit, errorsAt }: Props) {
  const t = useT();
  const { fieldId, errorsOf, invalid } = kit;
  const changeRate = (index: number, change: Partial<TaxRateDraft>) => setRates(rates.map((rate, i) => (i === index ? { ...rate, ...change } : rate)));
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-bold text-brand-900">{t('settings.tax')}</legend>
      <fieldset>
        <legend className="text-sm font-semibold text-stone-700">{t('settings.tax.mode')}</legend>
        {TAX_MODES.map((mode: TaxMode) => (
          <label key={mode} className="mt-1 flex items-center gap-2">
            <input type="radio" name={fieldId('taxMode')} value={mode} checked={s.taxMode === mode} onChange={() => set('taxMode', mode)} />
            {t(mode === 'included' ? 'settings.tax.mode.included' : 'settings.tax.mode.added')}
          </label>
        ))}
      </fieldset>
      <div>
        <p className="text-sm font-semibold text-stone-700">{t('settings.tax.rates')}</p>
        <p id={`${fieldId('taxRates')}-hint`} className="text-xs text-stone-600">
          {t('settings.tax.ratesHint')}
        </p>
        <ul className="mt-1 space-y-2">
          {rates.map((rate, index) => (
            <li key={rate.id} data-testid="tax-rate" className="grid grid-cols-[1fr_7rem_auto] items-end gap-2">
              <Field label={t('settings.tax.rateName')} id={fieldId(`taxRates.${index}.name`)} errors={errorsOf(`taxRates.${index}.name`)}>
                <input id={fieldId(`taxRates.${index}.name`)} {...invalid(`taxRates.${index}.name`)} value={rate.name} maxLength={40} onChange={(e) => changeRate(index, { name: e.target.value })} className={inputClass} />
              </Field>
              <Field label={t('settings.tax.ratePercent')} id={fieldId(`taxRates.${index}.percent`)} errors={errorsOf(`taxRates.${index}.percent`)}>
                <input id={fieldId(`taxRates.${index}.percent`)} {...invalid(`taxRates.${index}.percent`)} inputMode="decimal" value={rate.percent} onChange={(e) => changeRate(index, { percent: e.target.value })} className={inputClass} />
              </Field>
              <button type="button" onClick={() => setRates(rates.filter((_, i) => i !== index))} aria-label={rate.name ? t('settings.tax.removeRate', { name: rate.name }) : t('settings.tax.removeRateUnnamed')} className="mb-1 rounded-md border border-stone-400 px-3 py-2 text-sm hover:bg-stone-100">
                {t('settings.tax.remove')}
              </button>
            </li>
          ))}
        </ul>
        {errorsAt('taxRates').length > 0 && (
          <p id={`${fieldId('taxRates')}-error`} data-testid="tax-rates-error" className="mt-1 text-sm font-semibold text-red-700">
            {errorsAt('taxRates').join(' ')}
          </p>
        )}
        <button type="button" onClick={() => setRates([...rates, { id: newRateId(), name: '', percent: '' }])} className="mt-2 rounded-md border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50">
          {t('settings.tax.addRate')}
        </button>
      </div>
      {rates.length > 0 && (
        <fieldset>
          <legend className="text-sm font-semibold text-stone-700">{t('settings.tax.categoryDefaults')}</legend>
          <p className="text-xs text-stone-600">{t('settings.tax.categoryDefaultsHint')}</p>
          <div className="mt-1 grid gap-2 sm:grid-cols-2">
            {CATEGORIES.map((category: Category) => (
              <RateSelect
                key={category}
                kit={kit}
                field={`categoryTaxRates.${category}`}
                label={t(CATEGORY_LABEL[category])}
                none={t('settings.tax.noRate')}
                rates={rates}
                value={s.categoryTaxRates[category]}
                onChange={(rateId) => {
                  const { [category]: _old, ...others } = s.categoryTaxRates;
                  set('categoryTaxRates', rateId ? { ...others, [category]: rateId } : others);
                }}
              />
            ))}
          </div>
        </fieldset>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('settings.tax.legalName')} id={fieldId('legalName')} errors={errorsOf('legalName')} hint={t('settings.tax.legalNameHint')}>
          <input id={fieldId('legalName')} {...invalid('legalName', true)} value={s.legalName} maxLength={200} onChange={(e) => set('legalName', e.target.value)} className={inputClass} />
        </Field>
        <Field label={t('settings.tax.taxNumber')} id={fieldId('taxNumber')} errors={errorsOf('taxNumber')}>
          <input id={fieldId('taxNumber')} {...invalid('taxNumber')} value={s.taxNumber} maxLength={50} onChange={(e) => set('taxNumber', e.target.value)} className={inputClass} />
        </Field>
      </div>
    </fieldset>
  );
}
