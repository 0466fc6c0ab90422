import { useId, useState, type ReactNode } from 'react';

/**
 * One chart of the admin home, readable without seeing it: its numbers as a table behind a toggle,
 * and a summary in words that a screen reader reads with the chart.
 */
export function ChartCard({
  title,
  summary,
  empty,
  chart,
  table,
  wide = false,
}: {
  title: string;
  summary: string;
  /** Shown instead of the chart and the table when the period has nothing to draw. */
  empty?: string;
  chart: ReactNode;
  table: ReactNode;
  wide?: boolean;
}) {
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className={`min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 ${wide ? 'lg:col-span-2' : ''}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="font-display text-lg font-bold text-brand-900">
          {title}
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
        {summary}
      </p>
      {empty ? (
        <p className="mt-6 mb-4 text-center text-stone-600">{empty}</p>
      ) : asTable ? (
        <div className="relative mt-3 max-h-96 overflow-auto" tabIndex={0} role="region" aria-label={`${title}: table`}>
          {table}
        </div>
      ) : (
        <figure className="mt-3" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`}>
          {chart}
        </figure>
      )}
    </section>
  );
}

/** A plain table of a chart's numbers: the first column names the row, the others are figures. */
export function FiguresTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: Array<{ key: string; cells: ReactNode[] }> }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="sticky top-0 bg-stone-100 text-stone-800">
        <tr>
          {columns.map((column, i) => (
            <th key={column} scope="col" className={`px-2 py-2 ${i > 0 ? 'text-right' : ''}`}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-t border-stone-200">
            {row.cells.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="px-2 py-1.5 font-normal">
                  {cell}
                </th>
              ) : (
                <td key={i} className="px-2 py-1.5 text-right tabular-nums">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
