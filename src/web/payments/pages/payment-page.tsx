import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { cartTotalCents } from '../../../shared/cart-constants.ts';
import { centsToPrice } from '../../../shared/money.ts';
import type { FulfilmentRequest } from '../../../shared/orders.ts';
import { paths } from '../../../shared/paths.ts';
import type { CreateIntentAnswer, PaymentRecord } from '../../../shared/payments.ts';
import { useSaveAddress, useSavedAddresses } from '../../account/api/addresses-api.ts';
import { useAuth } from '../../auth/use-auth.ts';
import { useCart } from '../../cart/api/cart-api.ts';
import { PriceChangeNotice } from '../../cart/components/price-change-notice.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { orderKeys } from '../../orders/api/order-cache.ts';
import { useLatestOrder, useOfferedSlots } from '../../orders/api/orders-api.ts';
import { draftFromOrder, draftWithSaved, fulfilmentFieldErrors, type FulfilmentDraft } from '../../orders/checkout/fulfilment-draft.ts';
import { FulfilmentChoice } from '../../orders/checkout/fulfilment-choice.tsx';
import { FulfilmentForm } from '../../orders/checkout/fulfilment-form.tsx';
import { forgetTableVisit, currentTableVisit } from '../../tables/table-visit.ts';
import { tableLabel } from '../../../shared/tables.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useT } from '../../i18n/i18n.ts';
import { useFormat } from '../../i18n/format.ts';
import { refreshPaymentIntent, useCreatePaymentIntent, type PaidAnswer } from '../api/payments-api.ts';
import type { TermsWatch } from '../components/payment-form.tsx';
import { OrderReceipt } from '../components/order-receipt.tsx';
import { TaxRows } from '../../orders/components/tax-rows.tsx';
import { PaymentReturnNotice } from '../components/payment-return-notice.tsx';
import { PromoCodeField } from '../components/promo-code-field.tsx';
import { SandboxPaymentForm } from '../components/sandbox-payment-form.tsx';
import { TipChoice } from '../components/tip-choice.tsx';
import type { TipChoice as Tip } from '../../../shared/tips.ts';

// Stripe's Payment Element and Stripe.js are fetched only by a Stripe shop, only on this page.
const StripePaymentForm = lazy(() =>
  import('../components/stripe-payment-form.tsx').then((m) => ({ default: m.StripePaymentForm })),
);

/**
 * The intent is requested only once the fulfilment step is confirmed, since it carries the
 * fulfilment (and any delivery fee); Pay stays disabled until its client secret has arrived.
 */
export function Page() {
  const t = useT();
  const format = useFormat();
  usePageTitle(t('payment.title'));
  const cart = useCart();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [paid, setPaid] = useState<PaymentRecord | null>(null);
  const [opening, setOpening] = useState<number | null>(null);
  const [fulfilment, setFulfilment] = useState<FulfilmentRequest | null>(null);
  // What the customer typed, for "Change" to reopen the form as they left it.
  const [draft, setDraft] = useState<FulfilmentDraft | null>(null);
  // Why the total changed under the customer (a price, the fee, the restaurant's terms), until they pay.
  const [termsNotice, setTermsNotice] = useState('');
  // The intent asked for again after the terms changed: it replaces the mutation's, and the card
  // form (with what the customer typed) stays on the screen meanwhile.
  const [renewed, setRenewed] = useState<CreateIntentAnswer | null>(null);
  // The customer's tip choice, sent with every intent request; the server answers its amount.
  const [tip, setTip] = useState<Tip>({ kind: 'none' });
  const created = useCreatePaymentIntent();
  const intentData = renewed ?? created.data;
  const entries = cart.data ?? [];
  const hasItems = entries.length > 0;
  // A table's guest pays only at its table (decision 0047): no last order or saved address to offer.
  const guest = useAuth().user?.guest === true;
  const latest = useLatestOrder(hasItems && !guest);
  const slots = useOfferedSlots(hasItems);
  const saved = useSavedAddresses(hasItems && !guest);
  const saveAddress = useSaveAddress();
  // The form opens once it knows what to offer: the last order's way, the saved addresses, and
  // today's pickup times (a list that could not be read leaves the fields to type).
  // A query left off (a guest's) stays pending: only the asked ones are waited for.
  const formLoading = hasItems && ((!guest && (latest.isPending || saved.isPending)) || slots.isPending);
  const emptyCart = cart.isSuccess && !hasItems;
  const cartTotal = centsToPrice(cartTotalCents(entries));

  // A table's code opened the menu: eat-here at that table, fixed; the server takes it from the token.
  const [tableVisit, setTableVisit] = useState(currentTableVisit);
  const tableToken = tableVisit?.token;

  async function confirmFulfilment(typedRequest: FulfilmentRequest, typed: FulfilmentDraft) {
    setDraft(typed);
    setRenewed(null);
    // The name fits the body's schema; the server names the order from the token, area and all.
    const request: FulfilmentRequest = tableVisit ? { type: 'table', table: tableVisit.name, ...(typedRequest.note ? { note: typedRequest.note } : {}) } : typedRequest;
    try {
      await created.mutateAsync({ price: cartTotal, fulfilment: request, tableToken, tip });
      setFulfilment(request);
      // Kept for the next order once the server took it; a full list keeps what it has.
      if (request.type === 'delivery' && typed.saveAddress) saveAddress.mutate({ address: request.address, phone: request.phone });
      return undefined;
    } catch (error) {
      // The table's code was renewed or removed meanwhile: the guest goes on without a table.
      if (tableVisit && error instanceof ApiRequestError && error.body?.fieldErrors?.tableToken) {
        forgetTableVisit();
        setTableVisit(null);
      }
      return error instanceof ApiRequestError ? fulfilmentFieldErrors(error.body?.fieldErrors) : undefined;
    }
  }

  // Prices, the fee and the rules may change while the page is open: the intent is asked for again
  // just before the card is charged, and a new one (new total) is shown instead of charging the old.
  // promo41: the code the server granted goes with every later ask, so it is kept.
  const promo = intentData?.promoCode ? { promoCode: intentData.promoCode } : {};
  const terms: TermsWatch = {
    checkTerms: async () => {
      if (!fulfilment || !intentData) return true;
      const fresh = await refreshPaymentIntent({ price: cartTotal, fulfilment, tableToken, tip, ...promo });
      if (fresh.intentId === intentData.intentId) return true;
      setRenewed(fresh);
      setTermsNotice(t('payment.termsRepriced', { amount: format.money(fresh.amount, { spaced: false }) }));
      return false;
    },
    onTermsChanged: (message) => {
      setTermsNotice(message);
      if (fulfilment) void refreshPaymentIntent({ price: cartTotal, fulfilment, tableToken, tip, ...promo }).then(setRenewed, () => setRenewed(null));
    },
  };

  /** A tip chosen: the intent again with it (a refusal is thrown to the tip's own message). */
  async function chooseTip(choice: Tip) {
    if (!fulfilment) return;
    setRenewed(await refreshPaymentIntent({ price: cartTotal, fulfilment, tableToken, tip: choice, ...promo }));
    setTip(choice);
  }

  /** A promo code applied or removed: the intent is asked for again; a refusal rejects with the server's reason. */
  async function applyPromo(code: string | null) {
    if (!fulfilment) return;
    setRenewed(await refreshPaymentIntent({ price: cartTotal, fulfilment, tableToken, tip, ...(code ? { promoCode: code } : {}) }));
  }

  function onPaid(answer: PaidAnswer) {
    void queryClient.invalidateQueries({ queryKey: orderKeys.mine });
    if (answer.order) {
      queryClient.setQueryData(orderKeys.detail(answer.order._id), answer.order);
      setOpening(answer.order.number);
      // A guest goes on to the order's signed page (decision 0047), which outlives its session.
      void navigate(answer.order.link ?? paths.myOrder(answer.order._id));
    } else {
      setPaid(answer.payment);
    }
  }

  const intentError = created.error && !fulfilmentFieldErrors(created.error instanceof ApiRequestError ? created.error.body?.fieldErrors : undefined);
  const ready = fulfilment !== null && intentData !== undefined;

  return (
    <section aria-labelledby="payment-heading" className="mx-auto max-w-2xl">
      <h1 id="payment-heading" className="text-center font-display text-3xl font-bold text-brand-900">
        {t('payment.title')}
      </h1>
      {opening !== null ? (
        // The order page's chunk may take a moment: the cart is empty by now, which is no news.
        <p role="status" className="mt-6 rounded-xl bg-white p-6 text-center text-lg font-semibold text-brand-900 shadow-sm ring-1 ring-stone-200">
          {t('payment.opening', { number: opening })}
        </p>
      ) : (
      <div className="mt-6 space-y-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">
        {!paid && <PaymentReturnNotice />}
        {(cart.isPending || formLoading) && (
          <p role="status" className="text-stone-600">
            {t('payment.preparing')}
          </p>
        )}
        {hasItems && !paid && (
          <p className="text-lg font-semibold text-stone-800">
            {t('payment.toPay')} <span data-testid="payment-amount">{format.money(intentData?.amount ?? cartTotal)}</span>{' '}
            {t('payment.forItems', { count: intentData?.quantity ?? entries.length })}
            {intentData?.deliveryFee !== undefined && <span data-testid="payment-delivery-fee">{t('payment.deliveryFee', { amount: format.money(intentData.deliveryFee) })}</span>}
            {intentData?.tip !== undefined && <span data-testid="payment-tip">{t('payment.tipAmount', { amount: format.money(intentData.tip) })}</span>}
          </p>
        )}
        {hasItems && !paid && intentData?.taxes && (
          <div className="text-sm">
            <TaxRows taxes={intentData.taxes} />
          </div>
        )}
        {hasItems && !paid && <PriceChangeNotice entries={entries} />}
        {termsNotice && !paid && (
          <p role="alert" data-testid="terms-changed-notice" className="rounded-lg border border-accent-500 bg-accent-400/20 p-3 font-semibold text-stone-900">
            {termsNotice}
          </p>
        )}
        {emptyCart && !paid && (
          <p className="text-stone-700">
            {t('payment.emptyCart')}{' '}
            <Link to={paths.menu('offered')} className="font-semibold text-brand-800 underline">
              {t('payment.emptyCart.link')}
            </Link>
          </p>
        )}
        {hasItems && !paid && tableVisit && (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-brand-50 p-3 ring-1 ring-brand-100">
            <p role="status" data-testid="table-fixed" className="font-semibold text-brand-900">
              {t('cart.tableVisit.eatingAt', { table: tableLabel(tableVisit) })}
            </p>
            {/* Left the table (or scanned it by mistake): the usual choice of ways comes back. */}
            {!fulfilment && !guest && (
              <button
                type="button"
                onClick={() => {
                  forgetTableVisit();
                  setTableVisit(null);
                }}
                className="rounded-md px-3 py-1 text-sm font-semibold text-brand-800 underline hover:bg-brand-100"
              >
                {t('cart.tableVisit.leave')}
              </button>
            )}
          </div>
        )}
        {hasItems && !paid && !formLoading && !fulfilment && (
          <FulfilmentForm
            initial={tableVisit ? { ...(draft ?? draftWithSaved(draftFromOrder(latest.data), saved.data)), type: 'table', table: tableVisit.name } : (draft ?? draftWithSaved(draftFromOrder(latest.data), saved.data))}
            slots={slots.data}
            savedAddresses={saved.data}
            onConfirm={confirmFulfilment}
            fixedTable={tableVisit ? tableLabel(tableVisit) : undefined}
          />
        )}
        {fulfilment && !paid && (
          <FulfilmentChoice
            request={fulfilment}
            timeZone={slots.data?.timeZone}
            onChange={() => {
              // A new intent is made with the changed choice; the old one is never confirmed.
              created.reset();
              setRenewed(null);
              setFulfilment(null);
            }}
          />
        )}
        {ready && !paid && <PromoCodeField applied={intentData.promoCode} discount={intentData.discount} onApply={applyPromo} />}
        {intentError && (
          <p role="alert" className="text-red-700">
            {t('payment.prepareFailed', { message: created.error.message })}
          </p>
        )}
        {ready && !paid && intentData.tipOffer && <TipChoice offer={intentData.tipOffer} chosen={tip} onChoose={chooseTip} />}
        {!paid && !emptyCart && (
          <section aria-labelledby="card-step-title" className="space-y-4">
            <h2 id="card-step-title" className={`font-display text-xl font-bold ${ready ? 'text-brand-900' : 'text-stone-500'}`}>
              {t('payment.card.title')}
            </h2>
            {!ready && <p className="text-sm text-stone-600">{t('payment.card.waiting')}</p>}
            {ready && intentData.provider === 'stripe' && (
              <Suspense fallback={<p role="status">{t('payment.card.loading')}</p>}>
                <StripePaymentForm intent={intentData} onPaid={onPaid} terms={terms} />
              </Suspense>
            )}
            {ready && intentData.provider === 'sandbox' && <SandboxPaymentForm intent={intentData} onPaid={onPaid} terms={terms} />}
          </section>
        )}
        {!ready && !paid && (
          // Until a client secret has arrived there is nothing to pay with.
          <button
            type="button"
            disabled
            title={hasItems ? t('payment.pay.first') : undefined}
            className="w-full cursor-not-allowed rounded-md bg-stone-300 px-6 py-3 font-bold uppercase tracking-wide text-stone-600 sm:w-auto"
          >
            {t('payment.pay')}
          </button>
        )}
      </div>
      )}
      {paid && (
        <div className="mt-6">
          <OrderReceipt payment={paid} />
        </div>
      )}
    </section>
  );
}
