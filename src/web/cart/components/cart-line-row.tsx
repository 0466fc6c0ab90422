import { centsToPrice, formatPrice } from '../../../shared/money.ts';
import { lineTotalCents, type CartLine } from '../cart-lines.ts';

const stepClass =
  'flex h-8 w-8 items-center justify-center rounded-md bg-white text-lg font-bold text-brand-900 ring-1 ring-stone-300 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * One dish of the cart: its picture, name, unit price, the quantity with − and +, the line's total
 * and the delete button. On a phone the number and line total give way to the quantity buttons;
 * the unit price moves under the name.
 */
export function CartLineRow({
  line,
  index,
  busy,
  onMore,
  onLess,
  onDelete,
}: {
  line: CartLine;
  index: number;
  busy: boolean;
  onMore: () => void;
  onLess: () => void;
  onDelete: () => void;
}) {
  const quantity = line.entries.length;
  return (
    <tr className="border-t border-stone-200" data-testid="cart-line">
      <td className="hidden px-2 py-3 sm:table-cell sm:px-4">{index + 1}</td>
      <td className="px-2 py-3 sm:px-4">
        <img src={line.image} alt="" width={56} height={56} loading="lazy" className="h-10 w-10 rounded-lg object-cover sm:h-14 sm:w-14" />
      </td>
      <td className="px-2 py-3 font-semibold sm:px-4">
        {line.name}
        <span className="block text-xs font-normal text-stone-600 sm:hidden">$ {formatPrice(line.price)} each</span>
      </td>
      <td className="hidden whitespace-nowrap px-2 py-3 sm:table-cell sm:px-4">$ {formatPrice(line.price)}</td>
      <td className="px-2 py-3 sm:px-4">
        <div className="flex items-center gap-1.5">
          <button type="button" className={stepClass} disabled={busy} aria-label={`One less ${line.name}`} onClick={onLess}>
            −
          </button>
          <span className="min-w-6 text-center font-bold" data-testid="cart-line-quantity" aria-live="polite">
            <span className="sr-only">Quantity </span>
            {quantity}
          </span>
          <button type="button" className={stepClass} disabled={busy} aria-label={`One more ${line.name}`} onClick={onMore}>
            +
          </button>
        </div>
      </td>
      <td className="hidden whitespace-nowrap px-2 py-3 font-semibold sm:table-cell sm:px-4" data-testid="cart-line-total">
        $ {formatPrice(centsToPrice(lineTotalCents(line)))}
      </td>
      <td className="px-2 py-3 sm:px-4">
        <button
          type="button"
          aria-label={`Delete ${line.name}`}
          disabled={busy}
          onClick={onDelete}
          className="rounded-md bg-red-700 p-2 text-white hover:bg-red-800 disabled:opacity-60"
        >
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
          </svg>
        </button>
      </td>
    </tr>
  );
}
