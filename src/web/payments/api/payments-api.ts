import { useQuery } from '@tanstack/react-query';
import type {
  CreateIntentAnswer,
  PaymentAnswer,
  SandboxConfirmAnswer,
  SandboxConfirmBody,
} from '../../../shared/payments.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { useAuth } from '../../auth/use-auth.ts';

/** What a card provider's confirmation answers (Stripe's confirmCardPayment, or the sandbox's). */
export interface ConfirmResult {
  paymentIntent?: { id: string; status: string };
  error?: { message?: string };
}

export interface BillingDetails {
  email: string;
  name: string;
}

/**
 * POST /api/create-payment-intent, once per opening of the payment page (docs/product.md §4). The
 * server computes the amount from the cart; an empty cart answers 400.
 */
export function usePaymentIntent(options: { enabled: boolean }) {
  const { user, loading } = useAuth();
  return useQuery({
    queryKey: ['payment-intent', user?.email],
    queryFn: () => apiRequest<CreateIntentAnswer>('/create-payment-intent', { method: 'POST', body: {} }),
    enabled: options.enabled && !loading && Boolean(user?.email),
    // A new intent for each visit: never reuse one from the cache, never refetch one in the middle.
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
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
export function savePayment(transactionId: string): Promise<PaymentAnswer> {
  return apiRequest<PaymentAnswer>('/payment', { method: 'POST', body: { transactionId } });
}
