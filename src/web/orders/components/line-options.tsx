import { chosenFromApi, chosenOptionLines } from '../../../shared/dish-option-rules.ts';
import type { OrderLine } from '../../../shared/orders.ts';

/** An order line's chosen options, one group a line ("Size: Large (+$2.00)"); nothing without options. */
export function LineOptions({ line, prices = true, className = 'text-sm text-stone-600' }: { line: OrderLine; prices?: boolean; className?: string }) {
  if (!line.options?.length) return null;
  return (
    <ul data-testid="order-line-options" className={className}>
      {chosenOptionLines(chosenFromApi(line.options), { prices }).map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}
