import { useState } from 'react';
import { Link } from 'react-router';
import { cartTotalCents } from '../../../shared/cart-constants.ts';
import { centsToPrice, formatPrice } from '../../../shared/money.ts';
import { paths } from '../../../shared/paths.ts';
import { useToast } from '../../app/toast.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useAddToCart, useCart, useDeleteCartEntry } from '../api/cart-api.ts';
import { useDeleteCartLine } from '../api/cart-line-api.ts';
import { cartLines, type CartLine } from '../cart-lines.ts';
import { CartLineRow } from '../components/cart-line-row.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';

/**
 * My cart (spec section 2): 'Your Cart', the count, the total, Pay, and the table: one line per
 * dish with its quantity (− deletes one entry, + adds one, as the spec's calls do).
 */
export function Page() {
  usePageTitle('My Cart');
  const cart = useCart();
  const remove = useDeleteCartEntry();
  const removeLine = useDeleteCartLine();
  const add = useAddToCart();
  const toast = useToast();
  const [toDelete, setToDelete] = useState<CartLine | null>(null);

  const entries = cart.data ?? [];
  const total = formatPrice(centsToPrice(cartTotalCents(entries)));
  const empty = cart.isSuccess && entries.length === 0;
  const lines = cartLines(entries);
  const busy = (line: CartLine) =>
    (add.isPending && add.variables === line.itemId) ||
    (remove.isPending && line.entries.some((e) => e._id === remove.variables)) ||
    (removeLine.isPending && removeLine.variables.itemId === line.itemId);

  return (
    <section aria-labelledby="cart-heading" className="mx-auto max-w-4xl">
      <h1 id="cart-heading" className="text-center font-display text-3xl font-bold text-brand-900">
        Your Cart
      </h1>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
        <p className="text-lg font-semibold uppercase text-stone-800">
          Total item: <span data-testid="cart-total-items">{cart.isSuccess ? entries.length : '…'}</span>
        </p>
        <p className="text-lg font-semibold uppercase text-stone-800">
          Total Price: <span data-testid="cart-total-price">$ {cart.isSuccess ? total : '…'}</span>
        </p>
        {cart.isSuccess && entries.length > 0 ? (
          <Link
            to={paths.dashboard.payment}
            className="rounded-md bg-brand-800 px-6 py-2 font-bold uppercase tracking-wide text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            Pay
          </Link>
        ) : (
          <button
            type="button"
            disabled
            title={empty ? 'Your cart is empty' : undefined}
            className="cursor-not-allowed rounded-md bg-stone-300 px-6 py-2 font-bold uppercase tracking-wide text-stone-600"
          >
            Pay
          </button>
        )}
      </div>

      {cart.isPending && <CartSkeleton />}
      {cart.isError && (
        <div role="alert" className="mt-6 rounded-xl bg-red-50 p-4 text-red-800">
          Your cart could not be loaded: {cart.error.message}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void cart.refetch()}>
            Try again
          </button>
        </div>
      )}
      {empty && (
        <div className="mt-6 rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-stone-200">
          <p className="text-lg text-stone-700">Your cart is empty.</p>
          <Link to={paths.order('offered')} className="mt-3 inline-block font-semibold text-brand-800 underline">
            Choose something from the menu
          </Link>
        </div>
      )}
      {cart.isSuccess && entries.length > 0 && (
        <div className="mt-6 overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-stone-200" tabIndex={0} role="region" aria-label="Cart items">
          <table className="w-full text-left text-sm">
            <thead className="bg-brand-800 text-white">
              <tr>
                <th scope="col" className="hidden px-2 py-3 sm:table-cell sm:px-4">Item no</th>
                <th scope="col" className="px-2 py-3 sm:px-4">Food</th>
                <th scope="col" className="px-2 py-3 sm:px-4">Name</th>
                <th scope="col" className="hidden px-2 py-3 sm:table-cell sm:px-4">price</th>
                <th scope="col" className="px-2 py-3 sm:px-4">Quantity</th>
                <th scope="col" className="hidden px-2 py-3 sm:table-cell sm:px-4">Line total</th>
                <th scope="col" className="px-2 py-3 sm:px-4">action</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line, index) => (
                <CartLineRow
                  key={line.itemId}
                  line={line}
                  index={index}
                  busy={busy(line)}
                  onMore={() => add.mutate(line.itemId, { onError: (error) => toast.error(error.message) })}
                  onLess={() => {
                    // The last one goes like a delete: after the confirmation.
                    if (line.entries.length === 1) setToDelete(line);
                    else remove.mutate(line.entries.at(-1)!._id, { onError: (error) => toast.error(error.message) });
                  }}
                  onDelete={() => setToDelete(line)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        detail={toDelete ? `Deleting ${toDelete.name} from your cart.` : undefined}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          const target = toDelete;
          setToDelete(null);
          if (!target) return;
          removeLine.mutate(target, {
            onSuccess: (result) => {
              if (result.deletedCount > 0) toast.success('Deleted! Your item has been deleted.');
            },
            onError: (error) => toast.error(error.message),
          });
        }}
      />
    </section>
  );
}

function CartSkeleton() {
  return (
    <div role="status" className="mt-6 space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      {[0, 1, 2].map((i) => (
        <div key={i} aria-hidden="true" className="flex animate-pulse items-center gap-4">
          <div className="h-12 w-12 rounded-lg bg-stone-200" />
          <div className="h-4 flex-1 rounded bg-stone-200" />
          <div className="h-4 w-16 rounded bg-stone-100" />
        </div>
      ))}
      <p className="sr-only">Loading your cart…</p>
    </div>
  );
}
