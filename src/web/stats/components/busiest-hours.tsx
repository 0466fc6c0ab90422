import { useId, useState } from 'react';
import type { AdminStats } from '../../../shared/stats.ts';
import { WEEKDAYS } from '../../../shared/stats-periods.ts';
import { busiestSummary } from '../chart-summaries.ts';
import { counted, ORDERS } from '../stats-format.ts';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/**
 * Orders per weekday and hour as a grid whose cells darken with the orders: drawn with plain
 * elements, as a grid needs no chart library. The table view shows the numbers.
 */
export function BusiestHours({ stats }: { stats: AdminStats }) {
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  const max = Math.max(1, ...stats.busiestHours.flat());
  const empty = stats.busiestHours.flat().every((n) => n === 0);
  return (
    <section aria-labelledby={`${id}-title`} className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 lg:col-span-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="font-display text-lg font-bold text-brand-900">
          Busiest hours, every order placed
        </h2>
        {!empty && (
          <button
            type="button"
            aria-pressed={asTable}
            onClick={() => setAsTable((on) => !on)}
            className="rounded-md px-2.5 py-1 text-sm font-semibold text-brand-800 ring-1 ring-stone-300 hover:bg-brand-50"
          >
            {asTable ? 'Show chart' : 'Show table'}
          </button>
        )}
      </div>
      <p id={`${id}-summary`} className="sr-only">
        {busiestSummary(stats)}
      </p>
      {empty ? (
        <p className="mt-6 mb-4 text-center text-stone-600">No orders in this period.</p>
      ) : (
        <div className="relative mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={asTable ? 'Busiest hours: table' : 'Busiest hours: grid'} aria-describedby={`${id}-summary`}>
          <table className={`w-full border-separate text-xs ${asTable ? 'border-spacing-0' : 'border-spacing-0.5'}`}>
            <caption className="sr-only">Orders per weekday and hour, {stats.timeZone} time</caption>
            <thead>
              <tr>
                <th scope="col" className="sr-only">
                  Weekday
                </th>
                {HOURS.map((h) => (
                  <th key={h} scope="col" className="px-0.5 text-center font-normal text-stone-600">
                    <span aria-hidden={!asTable}>{asTable || h % 3 === 0 ? String(h).padStart(2, '0') : ''}</span>
                    <span className="sr-only">{`${String(h).padStart(2, '0')}:00`}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {stats.busiestHours.map((hours, weekday) => (
                <tr key={WEEKDAYS[weekday]}>
                  <th scope="row" className="pr-2 text-left font-semibold text-stone-700">
                    <span aria-hidden="true">{WEEKDAYS[weekday]!.slice(0, 3)}</span>
                    <span className="sr-only">{WEEKDAYS[weekday]}</span>
                  </th>
                  {hours.map((orders, hour) =>
                    asTable ? (
                      <td key={hour} className="border-t border-stone-200 px-1 py-1 text-center tabular-nums">
                        {orders}
                      </td>
                    ) : (
                      <td
                        key={hour}
                        title={`${WEEKDAYS[weekday]} ${String(hour).padStart(2, '0')}:00: ${counted(orders, ORDERS)}`}
                        className="h-5 min-w-3 rounded-sm"
                        style={{ backgroundColor: orders === 0 ? '#f5f5f4' : `rgba(22, 101, 52, ${0.15 + 0.85 * (orders / max)})` }}
                      >
                        <span className="sr-only">{orders}</span>
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
