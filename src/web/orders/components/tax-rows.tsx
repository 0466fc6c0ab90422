import { taxLineWords } from '../../../shared/order-totals.ts';
import type { OrderTaxes } from '../../../shared/orders.ts';
import { money } from '../order-format.ts';

/** One row per rate: its tax, and the net it is on. Added tax sits above the total it is part of. */
export function TaxRows({ taxes, compact = false }: { taxes: OrderTaxes; compact?: boolean }) {
  return (
    <ul data-testid="order-taxes" className={compact ? 'text-xs text-stone-600' : 'border-t border-stone-200 py-1 text-stone-700'}>
      {taxes.lines.map((line) => (
        <li key={line.name} data-testid="order-tax-line" className="flex justify-between gap-3 py-0.5">
          <span>{taxLineWords(line, taxes.mode, money)}</span>
          <span className="whitespace-nowrap">{money(line.tax)}</span>
        </li>
      ))}
    </ul>
  );
}
