import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { FULFILMENT_TYPES, NOTE_MAX, type FulfilmentType } from '../../../shared/order-workflow.ts';
import type { MessageId, Translate } from '../../../shared/i18n/catalogue.ts';
import { useFormat, type Format } from '../../i18n/format.ts';
import { useT } from '../../i18n/i18n.ts';
import type { FulfilmentRequest, OfferedSlots } from '../../../shared/orders.ts';
import { clockOf, closedProblem } from '../../../shared/opening-hours.ts';
import { slotDay } from '../../../shared/order-slots.ts';
import { localDate } from '../../../shared/shop-time.ts';
import type { SavedAddress } from '../../../shared/saved-addresses.ts';
import { useRestaurantSettings } from '../../settings/api/settings-api.ts';
import { FieldError as ErrorText } from '../../ui/field-error.tsx';
import { DeliveryTerms } from './delivery-terms.tsx';
import { savedAddressOf, validateDraft, withAddress, type FieldErrors, type FulfilmentDraft } from './fulfilment-draft.ts';
import { pickupTimes } from './pickup-times.ts';

const inputClass =
  'mt-1 w-full rounded-md border border-stone-500 bg-white px-3 py-2 text-stone-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700 aria-invalid:border-red-700';

/** The fields the form shows; an error of any other key is shown above the button. */
const FIELDS = new Set(['type', 'table', 'pickupAt', 'address.line1', 'address.line2', 'address.city', 'address.postalCode', 'phone', 'note']);

/** Each way's name and hint in the catalogue. */
export const FULFILMENT_LABEL_IDS: Record<FulfilmentType, MessageId> = { table: 'checkout.way.table', pickup: 'checkout.way.pickup', delivery: 'checkout.way.delivery' };
const HINTS: Record<FulfilmentType, MessageId> = { table: 'checkout.hint.table', pickup: 'checkout.hint.pickup', delivery: 'checkout.hint.delivery' };

interface FulfilmentFormProps {
  initial: FulfilmentDraft;
  /** The free time slots from the restaurant (GET /api/slots); without them, the browser's clock offers today's pickup times. */
  slots?: OfferedSlots;
  /** The account's saved delivery addresses, the last used first: one is chosen instead of typed. */
  savedAddresses?: readonly SavedAddress[];
  /**
   * Sends the choice (it creates the payment intent); answers the server's field errors, if any.
   * The draft comes along, so that "Change" reopens the form as it was.
   */
  onConfirm: (request: FulfilmentRequest, draft: FulfilmentDraft) => Promise<FieldErrors | undefined>;
  /** A table's code opened the shop: eat-here at this table (its name and area), as soon as possible, nothing else offered. */
  fixedTable?: string;
}

/**
 * The first step of the payment page: how the meal reaches the customer, and a note to the
 * kitchen. Checked with the server's schema before sending; the server's own field errors show at
 * the same fields.
 */
export function FulfilmentForm({ initial, slots, savedAddresses = [], onConfirm, fixedTable }: FulfilmentFormProps) {
  const t = useT();
  const format = useFormat();
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const fieldId = (key: string) => `${id}-${key.replace('.', '-')}`;
  // Only the ways the restaurant offers (the server refuses the others); a way remembered from an
  // earlier order that is no longer offered gives way to the first offered.
  const settings = useRestaurantSettings().data;
  // Offered when the form opens; a time that passed meanwhile is refused at its field by the server.
  const [openedAt] = useState(() => new Date());
  const times = slots?.slots ?? pickupTimes(openedAt, settings).map((time) => time.toISOString());
  const timeZone = slots?.timeZone ?? settings?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offered = settings ? FULFILMENT_TYPES.filter((type) => settings.fulfilments[type]) : FULFILMENT_TYPES;
  const type = fixedTable ? 'table' : offered.includes(draft.type) ? draft.type : (offered[0] ?? draft.type);
  const closed = settings ? closedProblem(settings, new Date()) : undefined;
  // Eat-here takes a later time only when the owner allows it; pickup and delivery always can.
  const timed = !fixedTable && (type !== 'table' || Boolean(settings?.scheduledEatHere));
  const asap = slots?.asap ?? !closed;
  const days = byDay(times, timeZone, openedAt, t, format);

  const set = (key: keyof FulfilmentDraft, errorKey: string = key) => (value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (errors[errorKey]) setErrors(({ [errorKey]: _, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const checked = validateDraft({ ...draft, type, pickupAt: timed ? draft.pickupAt : '' }, t);
    const found = 'errors' in checked ? checked.errors : await send(checked.request);
    setErrors(found ?? {});
    const first = found && Object.keys(found)[0];
    if (first) document.getElementById(fieldId(first))?.focus();
  }

  async function send(request: FulfilmentRequest) {
    setSending(true);
    try {
      return await onConfirm(request, draft);
    } finally {
      setSending(false);
    }
  }

  const field = (key: string) => ({
    id: fieldId(key),
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${fieldId(key)}-error` : undefined,
  });
  const other = Object.entries(errors).filter(([key]) => !FIELDS.has(key));
  const chosen = savedAddressOf(draft, savedAddresses);

  function choose(savedId: string) {
    const saved = savedAddresses.find((s) => s.id === savedId);
    setDraft((d) => (saved ? withAddress(d, saved) : { ...d, line1: '', line2: '', city: '', postalCode: '', phone: '' }));
    setErrors(({ 'address.line1': _1, 'address.line2': _2, 'address.city': _3, 'address.postalCode': _4, phone: _5, ...rest }) => rest);
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`} className="space-y-5">
      <h2 id={`${id}-title`} className="font-display text-xl font-bold text-brand-900">
        {t('checkout.title')}
      </h2>
      {closed && (
        <p role="status" data-testid="checkout-closed" className="rounded-lg bg-amber-50 p-3 font-semibold text-amber-900 ring-1 ring-amber-300">
          {sentence(settings?.ordersPaused ? t('checkout.closed.paused', { reason: closed }) : closed)}{' '}
          {times.length > 0 ? t('checkout.closed.orderAhead') : t('checkout.closed.cannotPay')}
        </p>
      )}
      {fixedTable && (
        <p data-testid="fixed-table" className="rounded-lg border border-brand-700 bg-brand-50 p-3 text-stone-900">
          <span className="block font-semibold">
            {t('checkout.fixedTable', { way: t(FULFILMENT_LABEL_IDS.table), table: fixedTable })}
          </span>
          <span className="block text-sm text-stone-700">
            {t(HINTS.table)} {t('checkout.asapSentence')}
          </span>
        </p>
      )}
      <fieldset hidden={Boolean(fixedTable)}>
        <legend className="sr-only">{t('checkout.legend')}</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {offered.map((way) => (
            <label
              key={way}
              className="flex cursor-pointer items-start gap-2 rounded-lg border border-stone-300 p-3 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-700"
            >
              <input
                type="radio"
                name={`${id}-type`}
                value={way}
                checked={type === way}
                onChange={() => setDraft((d) => ({ ...d, type: way }))}
                className="mt-1 accent-brand-700"
              />
              <span>
                <span className="block font-semibold text-stone-900">{t(FULFILMENT_LABEL_IDS[way])}</span>
                <span className="block text-sm text-stone-600">{t(HINTS[way])}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError id={fieldId('type')} messages={errors.type} />
      </fieldset>

      {type === 'table' && !fixedTable && (
        <Field label={t('checkout.table')} htmlFor={fieldId('table')} errors={errors.table} hint={t('checkout.table.hint')}>
          <input {...field('table')} value={draft.table} onChange={(e) => set('table')(e.target.value)} maxLength={30} className={`${inputClass} sm:max-w-xs`} />
        </Field>
      )}

      {timed && (
        <Field
          label={t(type === 'pickup' ? 'checkout.time.pickup' : type === 'delivery' ? 'checkout.time.delivery' : 'checkout.time.table')}
          htmlFor={fieldId('pickupAt')}
          errors={errors.pickupAt}
          hint={times.length === 0 ? t('checkout.time.noneFree') : undefined}
        >
          <select {...field('pickupAt')} value={draft.pickupAt} onChange={(e) => set('pickupAt')(e.target.value)} className={`${inputClass} sm:max-w-xs`}>
            {asap ? <option value="">{t('checkout.time.asap')}</option> : <option value="">{t('checkout.time.choose')}</option>}
            {days.map(([day, dayTimes]) => (
              <optgroup key={day} label={day}>
                {dayTimes.map((time) => (
                  <option key={time} value={time}>
                    {t('checkout.time.at', { day, time: clockOf(new Date(time), timeZone) })}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </Field>
      )}

      {type === 'delivery' && (
        <div className="grid gap-4 sm:grid-cols-2">
          {settings && <DeliveryTerms settings={settings} className="sm:col-span-2" />}
          {savedAddresses.length > 0 && (
            <Field label={t('checkout.saved')} htmlFor={fieldId('saved')} className="sm:col-span-2">
              <select id={fieldId('saved')} value={chosen?.id ?? ''} onChange={(e) => choose(e.target.value)} className={inputClass}>
                {savedAddresses.map((saved) => (
                  <option key={saved.id} value={saved.id}>
                    {addressLine(saved)}
                  </option>
                ))}
                <option value="">{t('checkout.saved.new')}</option>
              </select>
            </Field>
          )}
          <Field label={t('checkout.line1')} htmlFor={fieldId('address.line1')} errors={errors['address.line1']} className="sm:col-span-2">
            <input {...field('address.line1')} autoComplete="address-line1" value={draft.line1} onChange={(e) => set('line1', 'address.line1')(e.target.value)} maxLength={200} className={inputClass} />
          </Field>
          <Field label={t('checkout.line2')} htmlFor={fieldId('address.line2')} errors={errors['address.line2']} className="sm:col-span-2">
            <input {...field('address.line2')} autoComplete="address-line2" value={draft.line2} onChange={(e) => set('line2', 'address.line2')(e.target.value)} maxLength={200} className={inputClass} />
          </Field>
          <Field label={t('checkout.city')} htmlFor={fieldId('address.city')} errors={errors['address.city']}>
            <input {...field('address.city')} autoComplete="address-level2" value={draft.city} onChange={(e) => set('city', 'address.city')(e.target.value)} maxLength={100} className={inputClass} />
          </Field>
          <Field label={t('checkout.postalCode')} htmlFor={fieldId('address.postalCode')} errors={errors['address.postalCode']}>
            <input {...field('address.postalCode')} autoComplete="postal-code" value={draft.postalCode} onChange={(e) => set('postalCode', 'address.postalCode')(e.target.value)} maxLength={20} className={inputClass} />
          </Field>
          <Field label={t('checkout.phone')} htmlFor={fieldId('phone')} errors={errors.phone} hint={t('checkout.phone.hint')}>
            <input {...field('phone')} type="tel" autoComplete="tel" value={draft.phone} onChange={(e) => set('phone')(e.target.value)} maxLength={30} className={inputClass} />
          </Field>
          <label className="flex items-start gap-2 text-sm text-stone-800 sm:col-span-2">
            <input
              type="checkbox"
              checked={draft.saveAddress}
              onChange={(e) => setDraft((d) => ({ ...d, saveAddress: e.target.checked }))}
              className="mt-0.5 size-4 accent-brand-700"
            />
            <span>{t('checkout.saveAddress')}</span>
          </label>
        </div>
      )}

      <div>
        <label htmlFor={fieldId('note')} className="block text-sm font-semibold text-stone-700">
          {t('checkout.note')}
        </label>
        <textarea
          {...field('note')}
          aria-describedby={[errors.note ? `${fieldId('note')}-error` : '', `${fieldId('note')}-count`].filter(Boolean).join(' ')}
          rows={3}
          maxLength={NOTE_MAX}
          placeholder={t('checkout.note.placeholder')}
          value={draft.note}
          onChange={(e) => set('note')(e.target.value)}
          className={inputClass}
        />
        <p id={`${fieldId('note')}-count`} className="mt-1 text-right text-xs text-stone-600">
          {t('checkout.note.count', { count: draft.note.length, max: NOTE_MAX })}
        </p>
        <FieldError id={fieldId('note')} messages={errors.note} />
      </div>

      {other.length > 0 && (
        <p role="alert" className="font-semibold text-red-700">
          {other.flatMap(([, messages]) => messages).join(' ')}
        </p>
      )}
      <button
        type="submit"
        disabled={sending}
        className="w-full rounded-md bg-brand-800 px-6 py-3 font-bold tracking-wide text-white hover:bg-brand-900 disabled:cursor-wait disabled:bg-stone-300 disabled:text-stone-600 sm:w-auto"
      >
        {sending ? t('payment.preparing') : t('checkout.submit')}
      </button>
    </form>
  );
}

/** The slots by day of the restaurant's calendar, labelled "Today", "Tomorrow", "Friday" or the date, in the reader's language. */
function byDay(times: string[], timeZone: string, now: Date, t: Translate, format: Format): [string, string[]][] {
  const days = new Map<string, string[]>();
  for (const time of times) {
    const date = localDate(new Date(time), timeZone);
    days.set(date, [...(days.get(date) ?? []), time]);
  }
  return [...days.values()].map((dayTimes) => {
    const first = new Date(dayTimes[0]!);
    const words = slotDay(first, now, timeZone);
    // "on Friday" within the week, "on 2026-12-03" past it (a date reads alike in every language).
    const label = words === 'today' ? t('checkout.day.today') : words === 'tomorrow' ? t('checkout.day.tomorrow') : /^on \D/.test(words) ? format.weekday(first, timeZone) : words.replace(/^on /, '');
    return [label, dayTimes];
  });
}

/** A saved address in one line: "12 Orchard Lane, Flat 3, 10115 Springfield · +1 555 0100". */
const addressLine = ({ address, phone }: SavedAddress) => `${[address.line1, address.line2].filter(Boolean).join(', ')}, ${address.postalCode} ${address.city} · ${phone}`;

/** A message as a sentence: the pause's own words may end without a full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

function Field({
  label,
  htmlFor,
  errors,
  hint,
  className = '',
  children,
}: {
  label: string;
  htmlFor: string;
  errors?: string[];
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={htmlFor} className="block text-sm font-semibold text-stone-700">
        {label}
      </label>
      {children}
      {hint && <p className="mt-1 text-xs text-stone-600">{hint}</p>}
      <FieldError id={htmlFor} messages={errors} />
    </div>
  );
}

function FieldError({ id, messages }: { id: string; messages?: string[] }) {
  return <ErrorText id={`${id}-error`} message={messages?.join(' ')} className="mt-1 text-sm font-semibold text-red-700" />;
}
