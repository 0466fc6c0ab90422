import { useMutation } from '@tanstack/react-query';
import type { FulfilmentRequest, Order } from '../../../shared/orders.ts';
import type {
  CreateIntentAnswer,
  PaymentAnswer,
  SandboxConfirmAnswer,
  SandboxConfirmBody,
} from '../../../shared/payments.ts';
import type { TipChoice } from '../../../shared/tips.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** What a card provider's confirmation answers (Stripe's confirmPayment, or the sandbox's). */
export interface ConfirmResult {
  paymentIntent?: { id: string; status: string };
  error?: { message?: string };
}

export interface BillingDetails {
  email: string;
  name: string;
}

/** POST /api/payment's answer: the spec's record, and the order it created. */
export type PaidAnswer = PaymentAnswer & { order?: Order };

/** A table link's token makes the order eat-here at its table: the server reads the table from it. */
export interface IntentBody {
  price: number;
  fulfilment: FulfilmentRequest;
  tableToken?: string;
  /** The customer's tip choice; the server computes its amount (src/shared/tips.ts). */
  tip?: TipChoice;
  /** A promo code: the server prices its discount, or answers why it does not apply. */
  promoCode?: string;
}

/**
 * POST /api/create-payment-intent, sent when the customer confirms how they get their meal (the
 * fulfilment travels with it). The server computes the amount from the cart; the spec's `price` is
 * sent and ignored. A 400 answers the fulfilment's field errors, or an empty cart.
 */
export function useCreatePaymentIntent() {
  return useMutation({
    mutationFn: (body: IntentBody) =>
      apiRequest<CreateIntentAnswer>('/create-payment-intent', { method: 'POST', body }),
  });
}

/**
 * The same call, outside the mutation, just before the card is charged: the server answers the
 * open intent again while its terms hold, or a new one at today's prices and fee.
 */
export function refreshPaymentIntent(body: IntentBody): Promise<CreateIntentAnswer> {
  return apiRequest<CreateIntentAnswer>('/create-payment-intent', { method: 'POST', body });
}

/** The sandbox's confirmation of the card: the shop's own stand-in for the provider's call. */
export async function confirmSandboxPayment(intentId: string, body: SandboxConfirmBody): Promise<ConfirmResult> {
  const answer = await apiRequest<SandboxConfirmAnswer>(`/sandbox/payment-intents/${encodeURIComponent(intentId)}/confirm`, {
    method: 'POST',
    body,
  });
  return answer;
}

/** POST /api/payment: the server records the payment from the intent (only its id is needed). */
export function savePayment(transactionId: string): Promise<PaidAnswer> {
  return apiRequest<PaidAnswer>('/payment', { method: 'POST', body: { transactionId } });
}
