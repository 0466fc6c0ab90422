import { WEEKDAYS, type TimeRange, type Weekday } from '../../../shared/opening-hours.ts';
import type { RestaurantSettings } from '../../../shared/restaurant-settings.ts';
import { useLanguage, useT } from '../../i18n/i18n.ts';

/** The week's days in the reader's language (Monday, Montag), from Intl: 2024-01-01 was a Monday. */
function dayNames(language: string): Record<Weekday, string> {
  const name = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
  return Object.fromEntries(WEEKDAYS.map((day, index) => [day, name.format(Date.UTC(2024, 0, 1 + index))])) as Record<Weekday, string>;
}

const timeClass = 'rounded-md border border-stone-500 bg-white px-2 py-1.5 text-stone-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700 aria-invalid:border-red-700';

/**
 * A time field's value: the browser's time input cannot say 24:00, so midnight as a closing time
 * shows as 00:00 (and is saved as 24:00 again: `closingValue`).
 */
const shown = (clock: string) => (clock === '24:00' ? '00:00' : clock);
export const closingValue = (clock: string) => (clock === '00:00' ? '24:00' : clock);

/** The week's opening times: each day's stretches (a day with a break has two), none for a day off. */
export function HoursEditor({
  hours,
  errors,
  idPrefix,
  onChange,
}: {
  hours: RestaurantSettings['hours'];
  errors: Record<string, string[]>;
  /** Makes the ids of each day's message, which its time fields are described by. */
  idPrefix: string;
  onChange: (hours: RestaurantSettings['hours']) => void;
}) {
  const t = useT();
  const DAY_NAMES = dayNames(useLanguage());
  const setDay = (day: Weekday, ranges: TimeRange[]) => onChange({ ...hours, [day]: ranges });
  const dayErrors = (day: Weekday) =>
    Object.entries(errors)
      .filter(([key]) => key === `hours.${day}` || key.startsWith(`hours.${day}.`))
      .flatMap(([, messages]) => messages);

  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-bold text-brand-900">{t('settings.hours')}</legend>
      <p className="text-sm text-stone-600">{t('settings.hours.note')}</p>
      <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
        {WEEKDAYS.map((day) => {
          const ranges = hours[day];
          const problems = dayErrors(day);
          const problemId = `${idPrefix}-${day}-error`;
          const described = problems.length > 0 ? { 'aria-invalid': true, 'aria-describedby': problemId } : {};
          return (
            <li key={day} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start">
              <span className="w-28 shrink-0 pt-1.5 font-semibold text-stone-800">{DAY_NAMES[day]}</span>
              <div className="flex flex-1 flex-col gap-2">
                {ranges.length === 0 && <span className="pt-1.5 text-stone-600">{t('settings.hours.closed')}</span>}
                {ranges.map((range, index) => (
                  <div key={index} className="flex flex-wrap items-center gap-2">
                    <input
                      type="time"
                      aria-label={t('settings.hours.opens', { day: DAY_NAMES[day], n: index + 1 })}
                      value={range.open}
                      required
                      {...described}
                      onChange={(e) => setDay(day, ranges.map((r, i) => (i === index ? { ...r, open: e.target.value } : r)))}
                      className={timeClass}
                    />
                    <span aria-hidden="true">–</span>
                    <input
                      type="time"
                      aria-label={t('settings.hours.closes', { day: DAY_NAMES[day], n: index + 1 })}
                      value={shown(range.close)}
                      required
                      {...described}
                      onChange={(e) => setDay(day, ranges.map((r, i) => (i === index ? { ...r, close: closingValue(e.target.value) } : r)))}
                      className={timeClass}
                    />
                    <button
                      type="button"
                      onClick={() => setDay(day, ranges.filter((_, i) => i !== index))}
                      className="rounded-md px-2 py-1 text-sm font-semibold text-red-700 underline hover:bg-red-50"
                    >
                      {t('settings.hours.remove')}
                      <span className="sr-only"> {t('settings.hours.removeWhich', { day: DAY_NAMES[day], n: index + 1 })}</span>
                    </button>
                  </div>
                ))}
                {problems.length > 0 && <p id={problemId} className="text-sm font-semibold text-red-700">{[...new Set(problems)].join(' ')}</p>}
              </div>
              {ranges.length < 4 && (
                <button
                  type="button"
                  onClick={() => setDay(day, [...ranges, ranges.length === 0 ? { open: '11:00', close: '22:00' } : { open: '17:30', close: '24:00' }])}
                  className="self-start rounded-md px-2 py-1 text-sm font-semibold text-brand-800 underline hover:bg-brand-50"
                >
                  {ranges.length === 0 ? t('settings.hours.open') : t('settings.hours.add')}
                  <span className="sr-only"> {t('settings.hours.onDay', { day: DAY_NAMES[day] })}</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
