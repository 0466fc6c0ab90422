import type { ReactNode } from 'react';
import type { TaxRateDraft } from './tax-settings.tsx';

/** One look for every field of the settings' forms. */
export const inputClass =
  'mt-1 w-full rounded-md border border-stone-500 bg-white px-3 py-2 text-stone-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700 aria-invalid:border-red-700';

/**
 * What a part of the settings form needs of the form to show its fields: their ids, their
 * messages and the ARIA tying each message to its field. The form (settings-page.tsx) makes it once.
 */
export interface FieldKit {
  fieldId: (key: string) => string;
  /** A field's messages, its own and its parts' ("postalCodes.2"). */
  errorsOf: (key: string) => string[];
  invalid: (key: string, hinted?: boolean) => object;
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-bold text-brand-900">{title}</legend>
      {children}
    </fieldset>
  );
}

export function Field({ label, id, errors, hint, children }: { label: string; id: string; errors?: string[]; hint?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-700">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
      <Errors id={id} messages={errors} />
    </div>
  );
}

export function Errors({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-700">
      {messages.join(' ')}
    </p>
  );
}

/** A choice among the tax rates being typed (a category's default, the tips'), `none` first for no rate. */
export function RateSelect({ kit, field, label, none, rates, value, onChange }: {
  kit: FieldKit;
  /** The setting's key ("tips.taxRateId"), naming the field and its messages. */
  field: string;
  label: string;
  none: string;
  rates: TaxRateDraft[];
  value: string | null | undefined;
  onChange: (rateId: string | null) => void;
}) {
  return (
    <Field label={label} id={kit.fieldId(field)} errors={kit.errorsOf(field)}>
      <select id={kit.fieldId(field)} {...kit.invalid(field)} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)} className={inputClass}>
        <option value="">{none}</option>
        {rates.map((rate) => (
          <option key={rate.id} value={rate.id}>
            {rate.name || rate.percent}
          </option>
        ))}
      </select>
    </Field>
  );
}
