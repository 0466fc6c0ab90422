import { Link } from 'react-router';
import { cartTotalCents } from '../../../shared/cart-constants.ts';
import { centsToPrice } from '../../../shared/money.ts';
import { paths } from '../../../shared/paths.ts';
import { useToast } from '../../ui/toast.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useAddToCart, useCart, useDeleteCartEntry } from '../api/cart-api.ts';
import { useDeleteCartLine } from '../api/cart-line-api.ts';
import { cartLines, lineTotalCents, type CartLine } from '../cart-lines.ts';
import { CartLineOptions } from '../components/cart-line-options.tsx';
import { PriceChangeNotice, usePriceChangeText } from '../components/price-change-notice.tsx';
import { RemovedDishesNotice, UnavailableMark, UnavailableNotice } from '../components/cart-availability-notices.tsx';
import { DataTable, type Column } from '../../ui/data-table.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import type { Translate } from '../../../shared/i18n/catalogue.ts';
import { useFormat, type Format } from '../../i18n/format.ts';
import { useT } from '../../i18n/i18n.ts';

/**
 * My cart (docs/product.md §2.10): 'Your Cart', the count, the total, Pay, and the table: one line
 * per dish with its quantity (− deletes one entry, + adds one, as the spec's calls do).
 */
export function Page() {
  const t = useT();
  const format = useFormat();
  const priceChangeText = usePriceChangeText();
  usePageTitle(t('cart.title'));
  const cart = useCart();
  const remove = useDeleteCartEntry();
  const removeLine = useDeleteCartLine();
  const add = useAddToCart();
  const toast = useToast();

  const entries = cart.data ?? [];
  const total = format.money(centsToPrice(cartTotalCents(entries)));
  const empty = cart.isSuccess && entries.length === 0;
  const lines = cartLines(entries);
  // A sold-out or hidden dish stops the payment (the server refuses it): the notice says which.
  const blocked = entries.some((entry) => entry.unavailable);
  const steps: QuantitySteps = {
    busy: (line) =>
      (add.isPending && typeof add.variables === 'object' && add.variables.key === line.key) ||
      (remove.isPending && line.entries.some((entry) => entry._id === remove.variables)) ||
      (removeLine.isPending && removeLine.variables.key === line.key),
    // One more of the same: the same dish with the same options.
    more: (line) => add.mutate({ itemId: line.itemId, options: line.selection, key: line.key }, { onError: (error) => toast.error(error.message) }),
    less: (line) => remove.mutate(line.entries.at(-1)!._id, { onError: (error) => toast.error(error.message) }),
  };

  return (
    <section aria-labelledby="cart-heading" className="mx-auto max-w-4xl">
      <h1 id="cart-heading" className="text-center font-display text-3xl font-bold text-brand-900">
        {t('cart.heading')}
      </h1>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
        <p className="text-lg font-semibold uppercase text-stone-800">
          {t('cart.totalItems')} <span data-testid="cart-total-items">{cart.isSuccess ? entries.length : '…'}</span>
        </p>
        <p className="text-lg font-semibold uppercase text-stone-800">
          {t('cart.totalPrice')} <span data-testid="cart-total-price">{cart.isSuccess ? total : '…'}</span>
        </p>
        {cart.isSuccess && entries.length > 0 && !blocked ? (
          <Link
            to={paths.payment}
            className="rounded-md bg-brand-800 px-6 py-2 font-bold uppercase tracking-wide text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            {t('cart.pay')}
          </Link>
        ) : (
          <button
            type="button"
            disabled
            title={empty ? t('cart.emptyTitle') : blocked ? t('cart.blockedTitle') : undefined}
            className="cursor-not-allowed rounded-md bg-stone-300 px-6 py-2 font-bold uppercase tracking-wide text-stone-600"
          >
            {t('cart.pay')}
          </button>
        )}
      </div>

      <div className="mt-6 flex flex-col gap-3 empty:hidden">
        <RemovedDishesNotice />
        <UnavailableNotice entries={entries} />
      </div>
      {cart.isPending && <CartSkeleton />}
      {cart.isError && <QueryError title={t('cart.error')} error={cart.error} onRetry={cart.refetch} />}
      {empty && (
        <div className="mt-6 rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-stone-200">
          <p className="text-lg text-stone-700">{t('cart.empty')}</p>
          <Link to={paths.menu('offered')} className="mt-3 inline-block font-semibold text-brand-800 underline">
            {t('cart.choose')}
          </Link>
        </div>
      )}
      {cart.isSuccess && entries.length > 0 && (
        <div className="mt-6">
          <PriceChangeNotice entries={entries} />
        </div>
      )}
      {cart.isSuccess && entries.length > 0 && (
        <DataTable
          label={t('cart.table')}
          className="cart-lines"
          rows={lines}
          rowKey={(line) => line.key}
          rowTestId="cart-line"
          columns={cartColumns(steps, t, format, priceChangeText)}
          deleteDetail={(line) => t('cart.deleting', { name: line.name })}
          onDelete={(line) =>
            removeLine.mutate(line, {
              onSuccess: (result) => {
                if (result.deletedCount > 0) toast.success(t('cart.deleted'));
              },
              onError: (error) => toast.error(error.message),
            })
          }
        />
      )}
    </section>
  );
}

/** What the quantity buttons of a line do, and whether the line waits for an answer. */
interface QuantitySteps {
  busy: (line: CartLine) => boolean;
  more: (line: CartLine) => void;
  less: (line: CartLine) => void;
}

const stepClass =
  'flex h-8 w-8 items-center justify-center rounded-md bg-white text-lg font-bold text-brand-900 ring-1 ring-stone-300 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * The spec's columns (Item no, Food, Name, price, action), with the quantity and the line's total.
 * On a phone each line is a card laid out by these cells' classes (`.cart-lines` in styles.css).
 */
const cartColumns = (steps: QuantitySteps, t: Translate, format: Format, priceChangeText: ReturnType<typeof usePriceChangeText>): Column<CartLine>[] => [
  { header: t('cart.column.number'), cell: (_line, { index }) => index + 1, className: 'cart-line-number' },
  {
    header: t('cart.column.food'),
    cell: (line) => <img src={line.image} alt="" width={56} height={56} loading="lazy" className="h-12 w-12 rounded-lg object-cover sm:h-14 sm:w-14" />,
    className: 'cart-line-food',
  },
  {
    header: t('cart.column.name'),
    // One block, so that the options stay under the name on a phone's card too.
    cell: (line) => (
      <div>
        {line.name}
        <UnavailableMark entry={line.entries[0]!} />
        <CartLineOptions line={line} />
      </div>
    ),
    className: 'cart-line-name font-semibold',
  },
  {
    header: t('cart.column.price'),
    cell: (line) => (
      <>
        <span className="whitespace-nowrap">{format.money(line.price)}</span>
        {line.pricesWhenAdded.length > 0 && (
          <span data-testid="cart-line-price-change" className="block text-xs font-semibold text-accent-700">
            {priceChangeText(line.pricesWhenAdded, line.price)}
          </span>
        )}
      </>
    ),
    className: 'cart-line-price',
  },
  {
    header: t('cart.column.quantity'),
    cell: (line, { askToDelete }) => (
      <div className="flex items-center gap-1.5">
        {/* The last one goes like a delete: after the confirmation. */}
        <button
          type="button"
          className={stepClass}
          disabled={steps.busy(line)}
          aria-label={t('cart.less', { name: line.name })}
          onClick={() => (line.entries.length === 1 ? askToDelete(line) : steps.less(line))}
        >
          −
        </button>
        <span className="min-w-6 text-center font-bold" data-testid="cart-line-quantity" aria-live="polite">
          <span className="sr-only">{t('cart.quantity')}</span>
          {line.entries.length}
        </span>
        <button type="button" className={stepClass} disabled={steps.busy(line)} aria-label={t('cart.more', { name: line.name })} onClick={() => steps.more(line)}>
          +
        </button>
      </div>
    ),
    className: 'cart-line-quantity',
  },
  {
    header: t('cart.column.total'),
    cell: (line) => <span data-testid="cart-line-total">{format.money(centsToPrice(lineTotalCents(line)))}</span>,
    className: 'cart-line-total whitespace-nowrap font-semibold',
  },
  {
    header: t('cart.column.action'),
    cell: (line, { askToDelete }) => (
      <button
        type="button"
        aria-label={t('cart.delete', { name: line.name })}
        disabled={steps.busy(line)}
        onClick={() => askToDelete(line)}
        className="rounded-md bg-red-700 p-2 text-white hover:bg-red-800 disabled:opacity-60"
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
        </svg>
      </button>
    ),
    className: 'cart-line-action',
  },
];

function CartSkeleton() {
  const t = useT();
  return (
    <div role="status" className="mt-6 space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      {[0, 1, 2].map((i) => (
        <div key={i} aria-hidden="true" className="flex animate-pulse items-center gap-4">
          <div className="h-12 w-12 rounded-lg bg-stone-200" />
          <div className="h-4 flex-1 rounded bg-stone-200" />
          <div className="h-4 w-16 rounded bg-stone-100" />
        </div>
      ))}
      <p className="sr-only">{t('cart.loading')}</p>
    </div>
  );
}
