import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { PROMO_CODE_MAX } from '../../../shared/promo-codes.ts';
import { useT } from '../../i18n/i18n.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { FieldError } from '../../ui/field-error.tsx';
import { useToast } from '../../ui/toast.tsx';
import { usePromotionChange } from '../api/promotions-api.ts';

const inputClass =
  'mt-1 h-11 w-full rounded-md border border-stone-500 bg-white px-3 text-stone-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700 aria-invalid:border-red-700';

interface Draft {
  code: string;
  kind: 'percent' | 'fixed';
  value: string;
  minimumOrder: string;
  validFrom: string;
  validTo: string;
  maxUses: string;
  oncePerCustomer: boolean;
  firstOrderOnly: boolean;
}

const EMPTY: Draft = { code: '', kind: 'percent', value: '', minimumOrder: '', validFrom: '', validTo: '', maxUses: '', oncePerCustomer: true, firstOrderOnly: false };
/** The fields in the form's order: the first one the server found wrong takes the focus. */
const FIELDS = ['code', 'kind', 'value', 'minimumOrder', 'validFrom', 'validTo', 'maxUses'] as const;

/** A number as typed: empty is absent, anything else goes as typed for the server to judge. */
const typedNumber = (text: string): number | string | undefined => (text.trim() === '' ? undefined : Number.isNaN(Number(text)) ? text : Number(text));
/** A browser's local date and time ("2026-12-01T09:00") as an instant; a wrong one goes as typed. */
const typedInstant = (text: string): string | null => {
  if (!text) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? text : at.toISOString();
};

/** The body as typed: the server checks it (src/shared/promo-codes.ts) and names each wrong field. */
function bodyOf(draft: Draft): Record<string, unknown> {
  return {
    code: draft.code,
    kind: draft.kind,
    value: typedNumber(draft.value),
    minimumOrder: typedNumber(draft.minimumOrder) ?? 0,
    validFrom: typedInstant(draft.validFrom),
    validTo: typedInstant(draft.validTo),
    maxUses: typedNumber(draft.maxUses) ?? null,
    oncePerCustomer: draft.oncePerCustomer,
    firstOrderOnly: draft.firstOrderOnly,
  };
}

/** Adds a promo code; the server's field errors are shown at their fields, the first one focused. */
export function PromotionForm() {
  const id = useId();
  const change = usePromotionChange();
  const toast = useToast();
  const t = useT();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const form = useRef<HTMLFormElement>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const describe = (key: string) => ({
    id: `${id}-${key}`,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${id}-${key}-error` : undefined,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await change.mutateAsync({ kind: 'add', body: bodyOf(draft) });
      toast.success(t('promotions.added', { code: draft.code.trim().toUpperCase() }));
      setErrors({});
      setDraft(EMPTY);
    } catch (error) {
      const found: Record<string, string[]> =
        error instanceof ApiRequestError && error.body?.fieldErrors
          ? error.body.fieldErrors
          : error instanceof ApiRequestError && error.status === 409
            ? { code: [error.message] }
            : {};
      setErrors(found);
      const first = FIELDS.find((key) => found[key]);
      if (first) form.current?.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${first}`)}`)?.focus();
      else toast.error(error instanceof Error ? error.message : t('promotions.saveFailed'));
    }
  }

  const field = (key: (typeof FIELDS)[number], label: string, input: ReactNode) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="block text-sm font-semibold text-stone-700">
        {label}
      </label>
      {input}
      <FieldError id={`${id}-${key}-error`} message={errors[key]?.join(' ')} className="mt-1 text-sm font-semibold text-red-700" />
    </div>
  );

  return (
    <form ref={form} onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`} className="mt-8 grid gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:grid-cols-2">
      <h2 id={`${id}-title`} className="text-lg font-bold text-brand-900 sm:col-span-2">
        {t('promotions.add')}
      </h2>
      {field('code', t('promotions.col.code'), <input {...describe('code')} className={`${inputClass} uppercase`} maxLength={PROMO_CODE_MAX} autoComplete="off" value={draft.code} onChange={(e) => set('code', e.target.value)} />)}
      {field(
        'kind',
        t('promotions.kind'),
        <select {...describe('kind')} className={inputClass} value={draft.kind} onChange={(e) => set('kind', e.target.value as Draft['kind'])}>
          <option value="percent">{t('promotions.kind.percent')}</option>
          <option value="fixed">{t('promotions.kind.fixed')}</option>
        </select>,
      )}
      {field('value', draft.kind === 'percent' ? t('promotions.value.percent') : t('promotions.value.fixed'), <input {...describe('value')} className={inputClass} inputMode="decimal" value={draft.value} onChange={(e) => set('value', e.target.value)} />)}
      {field('minimumOrder', t('promotions.minimumOrder'), <input {...describe('minimumOrder')} className={inputClass} inputMode="decimal" value={draft.minimumOrder} onChange={(e) => set('minimumOrder', e.target.value)} />)}
      {field('validFrom', t('promotions.form.validFrom'), <input {...describe('validFrom')} type="datetime-local" className={inputClass} value={draft.validFrom} onChange={(e) => set('validFrom', e.target.value)} />)}
      {field('validTo', t('promotions.form.validTo'), <input {...describe('validTo')} type="datetime-local" className={inputClass} value={draft.validTo} onChange={(e) => set('validTo', e.target.value)} />)}
      {field('maxUses', t('promotions.maxUses'), <input {...describe('maxUses')} className={inputClass} inputMode="numeric" value={draft.maxUses} onChange={(e) => set('maxUses', e.target.value)} />)}
      <fieldset className="space-y-2 self-end">
        <legend className="sr-only">{t('promotions.who')}</legend>
        <label className="flex items-center gap-2 text-sm font-semibold text-stone-700">
          <input type="checkbox" className="h-5 w-5" checked={draft.oncePerCustomer} onChange={(e) => set('oncePerCustomer', e.target.checked)} />
          {t('promotions.oncePerCustomer')}
        </label>
        <label className="flex items-center gap-2 text-sm font-semibold text-stone-700">
          <input type="checkbox" className="h-5 w-5" checked={draft.firstOrderOnly} onChange={(e) => set('firstOrderOnly', e.target.checked)} />
          {t('promotions.firstOrderOnly')}
        </label>
      </fieldset>
      <div className="sm:col-span-2">
        <button type="submit" disabled={change.isPending} className="rounded-md bg-brand-800 px-4 py-2 font-bold text-white hover:bg-brand-900 disabled:bg-stone-300">
          {t('promotions.addCode')}
        </button>
      </div>
    </form>
  );
}
