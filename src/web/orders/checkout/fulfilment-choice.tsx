import { clockOf } from '../../../shared/opening-hours.ts';
import { slotDay } from '../../../shared/order-slots.ts';
import { scheduledTimeOf, type FulfilmentRequest } from '../../../shared/orders.ts';
import { useFormat } from '../../i18n/format.ts';
import { useT } from '../../i18n/i18n.ts';
import { addressLine } from '../order-format.ts';
import { FULFILMENT_LABEL_IDS } from './fulfilment-form.tsx';

/** The confirmed choice above the card form, with a way back to change it. */
export function FulfilmentChoice({ request, timeZone, onChange }: { request: FulfilmentRequest; timeZone?: string; onChange: () => void }) {
  const t = useT();
  const format = useFormat();
  const iso = scheduledTimeOf(request);
  // "Today at 12:30", "Tomorrow at 11:00", "On Friday at 18:30" on the restaurant's clock, in the reader's language.
  const scheduled = () => {
    const at = new Date(iso!);
    const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
    const [day, time] = [slotDay(at, new Date(), zone), clockOf(at, zone)];
    if (day === 'today' || day === 'tomorrow') return t('checkout.time.at', { day: t(day === 'today' ? 'checkout.day.today' : 'checkout.day.tomorrow'), time });
    return t('checkout.choice.onDay', { day: /^on \D/.test(day) ? format.weekday(at, zone) : day.replace(/^on /, ''), time });
  };
  const when = iso ? scheduled() : request.type === 'pickup' ? t('checkout.choice.asap') : undefined;
  const place = request.type === 'table' ? t('checkout.choice.table', { table: request.table }) : request.type === 'delivery' ? `${addressLine(request.address)} · ${request.phone}` : undefined;
  const detail = [when, place].filter(Boolean).join(' · ');
  return (
    <section aria-labelledby="fulfilment-choice-title" className="flex flex-wrap items-start justify-between gap-3 rounded-lg bg-brand-50 p-4 ring-1 ring-brand-100">
      <div className="min-w-0">
        <h2 id="fulfilment-choice-title" className="font-display text-lg font-bold text-brand-900">
          1. {t(FULFILMENT_LABEL_IDS[request.type])}
        </h2>
        <p className="break-words text-stone-800">{detail}</p>
        {request.note && <p className="mt-1 break-words text-sm text-stone-700">{t('checkout.choice.note', { note: request.note })}</p>}
      </div>
      <button type="button" onClick={onChange} className="rounded-md px-3 py-1 font-semibold text-brand-800 underline hover:bg-brand-100">
        {t('checkout.choice.change')}
      </button>
    </section>
  );
}
