import { signUpCustomer, type BenchCustomer } from './bench-customers.ts';
import { onLoadCore } from './cpu-pinning.ts';
import { GOOD_CARD } from './customers.ts';

/** A payment's four requests, as the web app sends them, and the whole payment. */
export const PAYMENT_STEPS = ['POST /api/cart', 'POST /api/create-payment-intent', 'POST …/confirm (sandbox)', 'POST /api/payment'] as const;
export type PaymentStep = (typeof PAYMENT_STEPS)[number] | 'whole payment';

export interface PaymentLoad {
  /** Each step's times in milliseconds, failed ones included. */
  latencies: Map<PaymentStep, number[]>;
  failures: Map<PaymentStep, number>;
  /** Until the last payment begun in time ended. */
  elapsedSeconds: number;
}

/** `count` customers signed up ten at a time. */
export async function signUpPayers(shopUrl: string, count: number): Promise<BenchCustomer[]> {
  const customers: BenchCustomer[] = [];
  while (customers.length < count) customers.push(...(await Promise.all(Array.from({ length: 10 }, () => signUpCustomer(shopUrl, 'payer')))));
  return customers;
}

/**
 * Every customer pays again and again for `seconds` as the web app does, all at once (from the
 * load generator's core): a dish into the cart, POST /api/create-payment-intent (the amount from
 * the cart), the sandbox provider's confirmation with the test card 4242…, and POST /api/payment,
 * which records the payment, places the order and empties the cart.
 */
export async function payAgainAndAgain(shopUrl: string, customers: BenchCustomer[], itemIds: string[], seconds: number): Promise<PaymentLoad> {
  const latencies = new Map<PaymentStep, number[]>([...PAYMENT_STEPS, 'whole payment' as const].map((name) => [name, []]));
  const failures = new Map<PaymentStep, number>([...PAYMENT_STEPS, 'whole payment' as const].map((name) => [name, 0]));

  async function write(customer: BenchCustomer, step: PaymentStep, path: string, body: unknown): Promise<unknown> {
    const started = performance.now();
    const answer = await fetch(`${shopUrl}${path}`, {
      method: 'POST',
      headers: { ...customer.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json: unknown = await answer.json().catch(() => undefined);
    latencies.get(step)!.push(performance.now() - started);
    if (!answer.ok) {
      failures.set(step, failures.get(step)! + 1);
      throw new Error(`${step} answered ${answer.status}`);
    }
    return json;
  }

  async function pay(customer: BenchCustomer, n: number): Promise<void> {
    await write(customer, 'POST /api/cart', '/api/cart', { itemId: itemIds[n % itemIds.length] });
    const intent = (await write(customer, 'POST /api/create-payment-intent', '/api/create-payment-intent', { price: 0.01 })) as { intentId: string; clientSecret: string };
    await write(customer, 'POST …/confirm (sandbox)', `/api/sandbox/payment-intents/${intent.intentId}/confirm`, {
      clientSecret: intent.clientSecret,
      card: GOOD_CARD,
      billingDetails: { email: customer.email, name: 'Bench Customer' },
    });
    await write(customer, 'POST /api/payment', '/api/payment', { transactionId: intent.intentId });
  }

  const elapsedSeconds = await onLoadCore(async () => {
    const begun = performance.now();
    const stopAt = begun + seconds * 1000;
    await Promise.all(
      customers.map(async (customer, i) => {
        for (let n = i; performance.now() < stopAt; n += customers.length) {
          const started = performance.now();
          try {
            await pay(customer, n);
            latencies.get('whole payment')!.push(performance.now() - started);
          } catch {
            failures.set('whole payment', failures.get('whole payment')! + 1);
          }
        }
      }),
    );
    return (performance.now() - begun) / 1000;
  });
  return { latencies, failures, elapsedSeconds };
}
