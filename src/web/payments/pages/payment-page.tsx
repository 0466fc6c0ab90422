import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '../../../shared/money.ts';
import { paths } from '../../../shared/paths.ts';
import type { PaymentRecord } from '../../../shared/payments.ts';
import { useCart } from '../../cart/api/cart-api.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { QueryError } from '../../ui/query-error.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { usePaymentIntent } from '../api/payments-api.ts';
import { OrderReceipt } from '../components/order-receipt.tsx';
import { SandboxPaymentForm } from '../components/sandbox-payment-form.tsx';

// Stripe's card fields and Stripe.js are fetched only by a Stripe shop, only on this page.
const StripePaymentForm = lazy(() =>
  import('../components/stripe-payment-form.tsx').then((m) => ({ default: m.StripePaymentForm })),
);

/** Payment (docs/product.md §2.12): a payment intent on opening, the card form, and the order once paid. */
export function Page() {
  usePageTitle('Payment');
  const cart = useCart();
  const [paid, setPaid] = useState<PaymentRecord | null>(null);
  // An intent only for a cart with something in it; after paying, no new one.
  const intent = usePaymentIntent({ enabled: (cart.data?.length ?? 0) > 0 && !paid });
  const emptyCart =
    (cart.isSuccess && cart.data.length === 0) || (intent.error instanceof ApiRequestError && intent.error.status === 400);

  return (
    <section aria-labelledby="payment-heading" className="mx-auto max-w-2xl">
      <h1 id="payment-heading" className="text-center font-display text-3xl font-bold text-brand-900">
        Payment
      </h1>
      <div className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">
        {(cart.isPending || intent.isFetching) && (
          <p role="status" className="mb-4 text-stone-600">
            Preparing your payment…
          </p>
        )}
        {intent.data && !paid && (
          <p className="mb-4 text-lg font-semibold text-stone-800">
            To pay: <span data-testid="payment-amount">$ {formatPrice(intent.data.amount)}</span> for {intent.data.quantity}{' '}
            {intent.data.quantity === 1 ? 'item' : 'items'}
          </p>
        )}
        {emptyCart && !paid && (
          <p className="mb-4 text-stone-700">
            Your cart is empty, so there is nothing to pay.{' '}
            <Link to={paths.menu('offered')} className="font-semibold text-brand-800 underline">
              Choose something from the menu
            </Link>
          </p>
        )}
        {intent.isError && !emptyCart && (
          <QueryError title="The payment could not be prepared" error={intent.error} onRetry={intent.refetch} className="mb-4" />
        )}
        {intent.data?.provider === 'stripe' && (
          <Suspense fallback={<p role="status">Loading the card form…</p>}>
            <StripePaymentForm intent={intent.data} onPaid={setPaid} />
          </Suspense>
        )}
        {intent.data?.provider === 'sandbox' && <SandboxPaymentForm intent={intent.data} onPaid={setPaid} />}
        {!intent.data && (
          // Until a client secret has arrived there is nothing to pay with.
          <button
            type="button"
            disabled
            className="w-full cursor-not-allowed rounded-md bg-stone-300 px-6 py-3 font-bold uppercase tracking-wide text-stone-600 sm:w-auto"
          >
            Pay
          </button>
        )}
      </div>
      {paid && (
        <div className="mt-6">
          <OrderReceipt payment={paid} />
        </div>
      )}
    </section>
  );
}
