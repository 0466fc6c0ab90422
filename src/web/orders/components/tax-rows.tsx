import { taxLineWords, type TaxMode } from '../../../shared/order-totals.ts';
import type { OrderTaxes } from '../../../shared/orders.ts';
import { useFormat } from '../../i18n/format.ts';

/**
 * One row per rate: its tax, and the net it is on. Added tax sits above the total it is part of.
 * `describe` words a row in the reader's language (useOrderWords' taxLine); English where none is given.
 */
export function TaxRows({
  taxes,
  compact = false,
  describe,
}: {
  taxes: OrderTaxes;
  compact?: boolean;
  describe?: (line: OrderTaxes['lines'][number], mode: TaxMode) => string;
}) {
  const format = useFormat();
  return (
    <ul data-testid="order-taxes" className={compact ? 'text-xs text-stone-600' : 'border-t border-stone-200 py-1 text-stone-700'}>
      {taxes.lines.map((line) => (
        <li key={line.name} data-testid="order-tax-line" className="flex justify-between gap-3 py-0.5">
          <span>{describe ? describe(line, taxes.mode) : taxLineWords(line, taxes.mode, (amount) => format.money(amount))}</span>
          <span className="whitespace-nowrap">{format.money(line.tax)}</span>
        </li>
      ))}
    </ul>
  );
}
