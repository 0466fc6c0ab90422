import { useId, useRef, useState, type FormEvent } from 'react';
import type { MessageId } from '../../../shared/i18n/catalogue.ts';
import { formatPrice } from '../../../shared/money.ts';
import { FULFILMENT_TYPES, type FulfilmentType } from '../../../shared/order-workflow.ts';
import { clockOf, isPausedAt, restaurantSettingsSchema, shopStatusLine, SLOT_MINUTES_CHOICES, type RestaurantSettings } from '../../../shared/restaurant-settings.ts';
import { isTimeZone } from '../../../shared/shop-time.ts';
import { SOCIAL_NETWORKS } from '../../../shared/social-links.ts';
import { useT } from '../../i18n/i18n.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { useToast } from '../../ui/toast.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useChangeBusy, useRestaurantSettings, useSaveSettings } from '../api/settings-api.ts';
import { HoursEditor } from '../components/hours-editor.tsx';
import { KitchenPrinters } from '../components/kitchen-printers.tsx';
import { RestaurantTables } from '../components/restaurant-tables.tsx';
import { Errors, Field, inputClass, Section, type FieldKit } from '../components/settings-fields.tsx';
import { fromRateDrafts, TaxSettings, toRateDrafts, type TaxRateDraft } from '../components/tax-settings.tsx';
import { fromPercentsDraft, TipSettings } from '../components/tip-settings.tsx';

const FULFILMENT_LABEL: Record<FulfilmentType, MessageId> = { table: 'settings.way.table', pickup: 'settings.way.pickup', delivery: 'settings.way.delivery' };

/** The restaurant's settings (docs/product.md §20), for administrators. */
export function Page() {
  const t = useT();
  usePageTitle(t('dashboard.menu.settings'));
  const settings = useRestaurantSettings();
  if (settings.isPending) return <LoadingScreen />;
  if (settings.isError) return <QueryError title={t('settings.loadFailed')} error={settings.error} onRetry={settings.refetch} className="" />;
  return (
    <>
      <SettingsForm initial={settings.data} />
      <KitchenPrinters />
      <RestaurantTables />
    </>
  );
}

/** What the form edits: the settings, with the money, the lists and the preparation time as typed. */
interface Draft {
  settings: RestaurantSettings;
  preparationMinutes: string;
  deliveryMinutes: string;
  deliveryFee: string;
  minimumOrder: string;
  postalCodes: string;
  closedDay: string;
  /** The tax rates, their percents as typed. */
  taxRates: TaxRateDraft[];
  /** The tip percentages as typed ("10, 15, 20"). */
  tipPercents: string;
  /** The slots' numbers as typed; an empty limit is no limit (0). */
  numbers: Record<SlotNumber, string>;
}

const SLOT_NUMBERS = ['orderAheadDays', 'slotMaxOrders', 'slotMaxDishes'] as const;
type SlotNumber = (typeof SLOT_NUMBERS)[number];

function SettingsForm({ initial }: { initial: RestaurantSettings }) {
  const id = useId();
  const save = useSaveSettings();
  const busy = useChangeBusy();
  const toast = useToast();
  const t = useT();
  const [draft, setDraft] = useState<Draft>(() => ({
    settings: initial,
    preparationMinutes: String(initial.preparationMinutes),
    deliveryMinutes: String(initial.deliveryMinutes),
    deliveryFee: formatPrice(initial.deliveryFee),
    minimumOrder: formatPrice(initial.minimumOrder),
    postalCodes: initial.postalCodes.join(', '),
    closedDay: '',
    taxRates: toRateDrafts(initial.taxRates),
    tipPercents: initial.tips.percents.join(', '),
    numbers: Object.fromEntries(SLOT_NUMBERS.map((key) => [key, initial[key] === 0 && key.startsWith('slotMax') ? '' : String(initial[key])])) as Record<SlotNumber, string>,
  }));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  /** What the last save came to, shown beside its button after the message has gone. */
  const [outcome, setOutcome] = useState<{ saved: boolean; text: string }>();
  const formRef = useRef<HTMLFormElement>(null);
  const s = draft.settings;
  // A zone still being typed ("Europe/Ber") is no zone: the preview keeps the saved one meanwhile.
  const clockZone = isTimeZone(s.timeZone) ? s.timeZone : initial.timeZone;
  const set = <K extends keyof RestaurantSettings>(key: K, value: RestaurantSettings[K]) => setDraft((d) => ({ ...d, settings: { ...d.settings, [key]: value } }));
  const fieldId = (key: string) => `${id}-${key}`;
  /** A field's messages, its own and its parts' ("postalCodes.2"). */
  const errorsOf = (key: string) => Object.entries(errors).flatMap(([path, messages]) => (path === key || path.startsWith(`${key}.`) ? messages : []));
  // Each message is tied to its field, which reads it out when focused (aria-describedby).
  // A field with a hint is described by it too (Field gives it the id).
  const invalid = (key: string, hinted = false) => {
    const wrong = errorsOf(key).length > 0;
    const describedBy = [hinted && `${fieldId(key)}-hint`, wrong && `${fieldId(key)}-error`].filter(Boolean).join(' ');
    return { 'aria-invalid': wrong ? true : undefined, 'aria-describedby': describedBy || undefined };
  };
  const kit: FieldKit = { fieldId, errorsOf, invalid };

  /** The first field in error takes the focus, so the keyboard and the screen reader land on it with its message. */
  function showErrors(found: Record<string, string[]>, text: string) {
    setErrors(found);
    setOutcome({ saved: false, text });
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  function collect(): RestaurantSettings {
    return {
      ...s,
      preparationMinutes: draft.preparationMinutes.trim() === '' ? Number.NaN : Number(draft.preparationMinutes),
      deliveryMinutes: draft.deliveryMinutes.trim() === '' ? Number.NaN : Number(draft.deliveryMinutes),
      deliveryFee: draft.deliveryFee.trim() === '' ? 0 : Number(draft.deliveryFee),
      minimumOrder: draft.minimumOrder.trim() === '' ? 0 : Number(draft.minimumOrder),
      ...(Object.fromEntries(SLOT_NUMBERS.map((key) => [key, draft.numbers[key].trim() === '' ? 0 : Number(draft.numbers[key])])) as Record<SlotNumber, number>),
      taxRates: fromRateDrafts(draft.taxRates),
      tips: { ...s.tips, percents: fromPercentsDraft(draft.tipPercents) },
      postalCodes: draft.postalCodes
        .split(/[,\n]/)
        .map((code) => code.trim())
        .filter(Boolean),
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = restaurantSettingsSchema.safeParse(collect());
    if (!checked.success) {
      const found: Record<string, string[]> = {};
      for (const issue of checked.error.issues) (found[issue.path.join('.')] ??= []).push(issue.message);
      showErrors(found, t('settings.notSaved.invalid', { count: Object.keys(found).length }));
      toast.error(t('settings.invalidToast'));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(checked.data);
      setOutcome({ saved: true, text: t('settings.savedAt', { time: clockOf(new Date(), checked.data.timeZone) }) });
      toast.success(t('settings.saved'));
    } catch (error) {
      const message = error instanceof Error ? error.message : t('settings.saveFailed');
      showErrors(error instanceof ApiRequestError && error.body?.fieldErrors ? error.body.fieldErrors : {}, t('settings.notSaved', { error: message }));
      toast.error(message);
    }
  }

  /**
   * The pause switch acts at once (through busy mode's route), not at "Save settings": an owner who
   * flips it in a rush is paused now. Only the pause and its message change; the rest of the form
   * stays as typed, unsaved.
   */
  async function switchPause(paused: boolean) {
    const message = s.pauseMessage.trim();
    const before = { ordersPaused: s.ordersPaused, pausedUntil: s.pausedUntil };
    // The switch moves under the finger; the server's answer then settles it (or puts it back).
    setDraft((d) => ({ ...d, settings: { ...d.settings, ordersPaused: paused, pausedUntil: null } }));
    try {
      const saved = await busy.mutateAsync(paused ? { pause: 'untilResumed', ...(message && { pauseMessage: message }) } : { pause: 'resume' });
      setDraft((d) => ({
        ...d,
        settings: { ...d.settings, ordersPaused: saved.ordersPaused, pausedUntil: saved.pausedUntil, pauseMessage: saved.pauseMessage },
      }));
      toast.success(paused ? t('settings.paused') : t('settings.resumed'));
    } catch (error) {
      setDraft((d) => ({ ...d, settings: { ...d.settings, ...before } }));
      toast.error(error instanceof Error ? error.message : t('settings.pauseFailed'));
    }
  }

  const addClosedDay = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.closedDay) || s.closedDays.includes(draft.closedDay)) return;
    setDraft((d) => ({ ...d, closedDay: '', settings: { ...d.settings, closedDays: [...d.settings.closedDays, d.closedDay].sort() } }));
  };

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="max-w-3xl space-y-8 pb-12">
      <div>
        <h1 className="font-display text-3xl font-bold text-brand-900">{t('dashboard.menu.settings')}</h1>
        <p className="mt-2 text-stone-700">
          {t('settings.preview')} <strong data-testid="settings-preview">{shopStatusLine({ ...s, timeZone: clockZone }, new Date())}</strong>
        </p>
      </div>

      <Section title={t('settings.orders')}>
        <label className="flex items-center gap-3 rounded-lg border border-stone-200 bg-white p-3">
          <input
            type="checkbox"
            role="switch"
            checked={isPausedAt(s, new Date())}
            disabled={busy.isPending}
            onChange={(e) => void switchPause(e.target.checked)}
            className="h-5 w-9 shrink-0 cursor-pointer accent-red-700"
          />
          <span>
            <span className="block font-semibold text-stone-900">{t('settings.pause')}</span>
            <span className="block text-sm text-stone-600">
              {t('settings.pause.note')}
              {s.ordersPaused && s.pausedUntil && ` ${t('settings.pause.until', { time: clockOf(new Date(s.pausedUntil), clockZone) })}`}
            </span>
          </span>
        </label>
        <Field label={t('settings.pauseMessage')} id={fieldId('pauseMessage')} errors={errors.pauseMessage} hint={t('settings.pauseMessage.hint')}>
          <input id={fieldId('pauseMessage')} {...invalid('pauseMessage', true)} value={s.pauseMessage} maxLength={200} onChange={(e) => set('pauseMessage', e.target.value)} className={inputClass} />
        </Field>
        <Field
          label={t('settings.preparationMinutes')}
          id={fieldId('preparationMinutes')}
          errors={errors.preparationMinutes}
          hint={t('settings.preparationMinutes.hint')}
        >
          <input
            id={fieldId('preparationMinutes')}
            {...invalid('preparationMinutes', true)}
            inputMode="numeric"
            value={draft.preparationMinutes}
            onChange={(e) => setDraft((d) => ({ ...d, preparationMinutes: e.target.value }))}
            className={`${inputClass} sm:w-32`}
          />
        </Field>
        <fieldset>
          <legend className="text-sm font-semibold text-stone-700">{t('settings.ways')}</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {FULFILMENT_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  {...invalid('fulfilments')}
                  checked={s.fulfilments[type]}
                  onChange={(e) => set('fulfilments', { ...s.fulfilments, [type]: e.target.checked })}
                  className="h-4 w-4 accent-brand-700"
                />
                {t(FULFILMENT_LABEL[type])}
              </label>
            ))}
          </div>
          <Errors id={fieldId('fulfilments')} messages={errors.fulfilments} />
        </fieldset>
      </Section>

      <HoursEditor hours={s.hours} errors={errors} idPrefix={fieldId('hours')} onChange={(hours) => set('hours', hours)} />

      <Section title={t('settings.closedDays')}>
        <div className="flex flex-wrap items-end gap-2">
          <Field label={t('settings.closedDays.day')} id={fieldId('closedDays')} errors={errorsOf('closedDays')}>
            <input id={fieldId('closedDays')} {...invalid('closedDays')} type="date" value={draft.closedDay} onChange={(e) => setDraft((d) => ({ ...d, closedDay: e.target.value }))} className={inputClass} />
          </Field>
          <button type="button" onClick={addClosedDay} className="rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50">
            {t('settings.closedDays.add')}
          </button>
        </div>
        {s.closedDays.length === 0 ? (
          <p className="text-sm text-stone-600">{t('settings.closedDays.none')}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {s.closedDays.map((day) => (
              <li key={day} className="flex items-center gap-1 rounded-full bg-stone-100 py-1 pl-3 pr-1 text-sm">
                {day}
                <button type="button" onClick={() => set('closedDays', s.closedDays.filter((d) => d !== day))} className="rounded-full px-2 font-bold text-stone-700 hover:bg-stone-200">
                  <span aria-hidden="true">×</span>
                  <span className="sr-only">{t('settings.closedDays.remove', { day })}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t('settings.later')}>
        <div className="grid gap-4 sm:grid-cols-2">
          {(
            [
              ['orderAheadDays', t('settings.later.orderAheadDays'), t('settings.later.orderAheadDays.hint')],
              ['slotMaxOrders', t('settings.later.slotMaxOrders'), t('settings.later.slotMaxOrders.hint')],
              ['slotMaxDishes', t('settings.later.slotMaxDishes'), t('settings.later.slotMaxDishes.hint')],
            ] as const
          ).map(([key, label, hint]) => (
            <Field key={key} label={label} id={fieldId(key)} errors={errors[key]} hint={hint}>
              <input
                id={fieldId(key)}
                {...invalid(key, true)}
                inputMode="numeric"
                value={draft.numbers[key]}
                onChange={(e) => setDraft((d) => ({ ...d, numbers: { ...d.numbers, [key]: e.target.value } }))}
                className={inputClass}
              />
            </Field>
          ))}
          <Field label={t('settings.later.slotMinutes')} id={fieldId('slotMinutes')} errors={errors.slotMinutes}>
            <select id={fieldId('slotMinutes')} {...invalid('slotMinutes')} value={s.slotMinutes} onChange={(e) => set('slotMinutes', Number(e.target.value))} className={inputClass}>
              {SLOT_MINUTES_CHOICES.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <label className="flex items-center gap-3 rounded-lg border border-stone-200 bg-white p-3">
          <input type="checkbox" checked={s.scheduledEatHere} onChange={(e) => set('scheduledEatHere', e.target.checked)} className="h-5 w-5 shrink-0 cursor-pointer accent-brand-700" />
          <span>
            <span className="block font-semibold text-stone-900">{t('settings.later.eatHere')}</span>
            <span className="block text-sm text-stone-600">{t('settings.later.eatHere.note')}</span>
          </span>
        </label>
      </Section>

      <Section title={t('settings.delivery')}>
        <Field
          label={t('settings.delivery.minutes')}
          id={fieldId('deliveryMinutes')}
          errors={errors.deliveryMinutes}
          hint={t('settings.delivery.minutes.hint')}
        >
          <input
            id={fieldId('deliveryMinutes')}
            {...invalid('deliveryMinutes', true)}
            inputMode="numeric"
            value={draft.deliveryMinutes}
            onChange={(e) => setDraft((d) => ({ ...d, deliveryMinutes: e.target.value }))}
            className={`${inputClass} sm:w-32`}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('settings.delivery.fee')} id={fieldId('deliveryFee')} errors={errors.deliveryFee}>
            <input id={fieldId('deliveryFee')} {...invalid('deliveryFee')} inputMode="decimal" value={draft.deliveryFee} onChange={(e) => setDraft((d) => ({ ...d, deliveryFee: e.target.value }))} className={inputClass} />
          </Field>
          <Field label={t('settings.delivery.minimumOrder')} id={fieldId('minimumOrder')} errors={errors.minimumOrder}>
            <input id={fieldId('minimumOrder')} {...invalid('minimumOrder')} inputMode="decimal" value={draft.minimumOrder} onChange={(e) => setDraft((d) => ({ ...d, minimumOrder: e.target.value }))} className={inputClass} />
          </Field>
        </div>
        <Field
          label={t('settings.delivery.postalCodes')}
          id={fieldId('postalCodes')}
          errors={errorsOf('postalCodes')}
          hint={t('settings.delivery.postalCodes.hint')}
        >
          <textarea id={fieldId('postalCodes')} {...invalid('postalCodes', true)} rows={2} value={draft.postalCodes} onChange={(e) => setDraft((d) => ({ ...d, postalCodes: e.target.value }))} className={inputClass} />
        </Field>
      </Section>

      <Section title={t('settings.restaurant')}>
        <Field label={t('settings.restaurant.name')} id={fieldId('name')} errors={errors.name}>
          <input id={fieldId('name')} {...invalid('name')} value={s.name} maxLength={100} onChange={(e) => set('name', e.target.value)} className={inputClass} />
        </Field>
        <Field label={t('settings.restaurant.address')} id={fieldId('address')} errors={errors.address}>
          <input id={fieldId('address')} {...invalid('address')} value={s.address} maxLength={300} autoComplete="street-address" onChange={(e) => set('address', e.target.value)} className={inputClass} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('settings.restaurant.phone')} id={fieldId('phone')} errors={errors.phone}>
            <input id={fieldId('phone')} {...invalid('phone')} type="tel" value={s.phone} maxLength={30} onChange={(e) => set('phone', e.target.value)} className={inputClass} />
          </Field>
          <Field
            label={t('settings.restaurant.timeZone')}
            id={fieldId('timeZone')}
            errors={errors.timeZone}
            hint={t('settings.restaurant.timeZone.hint')}
          >
            <input id={fieldId('timeZone')} {...invalid('timeZone', true)} list={`${id}-zones`} value={s.timeZone} onChange={(e) => set('timeZone', e.target.value)} className={inputClass} />
            <datalist id={`${id}-zones`}>
              {Intl.supportedValuesOf('timeZone').map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
          </Field>
        </div>
      </Section>

      <TaxSettings
        settings={s}
        rates={draft.taxRates}
        setRates={(taxRates) => setDraft((d) => ({ ...d, taxRates }))}
        set={set}
        kit={kit}
        errorsAt={(key) => errors[key] ?? []}
      />

      <TipSettings
        tips={s.tips}
        percents={draft.tipPercents}
        setPercents={(tipPercents) => setDraft((d) => ({ ...d, tipPercents }))}
        setTips={(tips) => set('tips', tips)}
        rates={draft.taxRates}
        kit={kit}
      />

      <Section title={t('settings.social')}>
        <p className="text-sm text-stone-600">{t('settings.social.note')}</p>
        {SOCIAL_NETWORKS.map(({ key, label, example }) => (
          <Field key={key} label={t('settings.social.page', { network: label })} id={fieldId(`socialLinks.${key}`)} errors={errors[`socialLinks.${key}`]} hint={t('settings.social.example', { example })}>
            <input
              id={fieldId(`socialLinks.${key}`)}
              {...invalid(`socialLinks.${key}`)}
              type="url"
              inputMode="url"
              value={s.socialLinks[key]}
              maxLength={300}
              onChange={(e) => set('socialLinks', { ...s.socialLinks, [key]: e.target.value })}
              className={inputClass}
            />
          </Field>
        ))}
      </Section>

      <button
        type="submit"
        disabled={save.isPending}
        className="w-full rounded-md bg-brand-800 px-6 py-3 font-bold tracking-wide text-white hover:bg-brand-900 disabled:cursor-wait disabled:bg-stone-300 disabled:text-stone-600 sm:w-auto"
      >
        {save.isPending ? t('settings.saving') : t('settings.save')}
      </button>
      {outcome && (
        <p data-testid="settings-outcome" className={`text-sm font-semibold ${outcome.saved ? 'text-brand-800' : 'text-red-700'}`}>
          {outcome.text}
        </p>
      )}
    </form>
  );
}
