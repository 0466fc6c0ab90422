import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { rangeProblem, STATS_PERIODS, type DateRange, type StatsPeriod } from '../../../shared/stats-periods.ts';
import type { MessageId } from '../../../shared/i18n/catalogue.ts';
import { useT } from '../../i18n/i18n.ts';
import { statsSearch, type PeriodChoice } from '../period-choice.ts';

/** The periods' names, the catalogues' (`stats.period.today`…). */
const PERIOD_LABEL = Object.fromEntries(STATS_PERIODS.map((period) => [period, `stats.period.${period}`])) as Record<StatsPeriod, MessageId>;

const chip = 'inline-block rounded-full px-3 py-1.5 text-sm font-semibold ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800';
const chipOn = `${chip} bg-brand-800 text-white ring-brand-800`;
const chipOff = `${chip} bg-white text-brand-900 ring-stone-300 hover:bg-brand-50`;

/**
 * The period of the admin home, kept in the address so that a view can be bookmarked and shared:
 * each named period is a link, a custom range a small form. `shown` is the period the figures are
 * of (the server's days), to fill the custom range's fields.
 */
export function PeriodPicker({ choice, shown, onCustom }: { choice: PeriodChoice; shown: DateRange | undefined; onCustom: (range: DateRange) => void }) {
  const [customOpen, setCustomOpen] = useState(choice.period === 'custom');
  const t = useT();
  return (
    <div className="mt-4">
      <nav aria-label={t('stats.period')}>
        <ul className="flex flex-wrap gap-2">
          {STATS_PERIODS.filter((p) => p !== 'custom').map((period) => (
            <li key={period}>
              <Link
                to={{ search: statsSearch({ period }) }}
                aria-current={choice.period === period ? 'page' : undefined}
                className={choice.period === period ? chipOn : chipOff}
                onClick={() => setCustomOpen(false)}
              >
                {t(PERIOD_LABEL[period])}
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              aria-expanded={customOpen}
              aria-controls="custom-range"
              className={choice.period === 'custom' ? chipOn : chipOff}
              onClick={() => setCustomOpen((open) => !open)}
            >
              {t(PERIOD_LABEL.custom)}
            </button>
          </li>
        </ul>
      </nav>
      {customOpen && <CustomRange key={shown ? `${shown.from}/${shown.to}` : 'none'} initial={shown} onSubmit={onCustom} />}
    </div>
  );
}

function CustomRange({ initial, onSubmit }: { initial: DateRange | undefined; onSubmit: (range: DateRange) => void }) {
  const [from, setFrom] = useState(initial?.from ?? '');
  const [to, setTo] = useState(initial?.to ?? '');
  const [problem, setProblem] = useState<string>();
  const t = useT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeProblem({ from, to });
    setProblem(found);
    if (!found) onSubmit({ from, to });
  };
  const field = 'mt-1 block rounded-md border border-stone-500 bg-white px-2 py-1.5 text-stone-900';
  return (
    <form id="custom-range" onSubmit={submit} noValidate className="mt-3 flex flex-wrap items-end gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-stone-200">
      <label className="text-sm font-semibold text-stone-800">
        {t('stats.range.from')}
        <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} required className={field} />
      </label>
      <label className="text-sm font-semibold text-stone-800">
        {t('stats.range.to')}
        <input type="date" value={to} onChange={(e) => setTo(e.target.value)} required className={field} />
      </label>
      <button type="submit" className="rounded-md bg-brand-800 px-4 py-2 font-semibold text-white hover:bg-brand-900">
        {t('stats.range.show')}
      </button>
      {problem && (
        <p role="alert" className="w-full text-sm text-red-700">
          {problem}
        </p>
      )}
    </form>
  );
}
