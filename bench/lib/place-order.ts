import type { BenchCustomer } from './bench-customers.ts';
import { GOOD_CARD } from './customers.ts';

/** A POST as the web app sends it (bearer token, JSON, the shop's origin); throws unless 2xx. */
export async function post(shopUrl: string, user: BenchCustomer, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${shopUrl}${path}`, {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/json', origin: shopUrl },
    body: JSON.stringify(body),
  });
  const json: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** A customer's order up to its confirmation, which is left for the caller to send (and time). */
export async function readyToPay(shopUrl: string, customer: BenchCustomer, itemId: string): Promise<string> {
  await post(shopUrl, customer, '/api/cart', { itemId });
  const intent = (await post(shopUrl, customer, '/api/create-payment-intent', { price: 1, fulfilment: { type: 'pickup' } })) as {
    intentId: string;
    clientSecret: string;
  };
  await post(shopUrl, customer, `/api/sandbox/payment-intents/${intent.intentId}/confirm`, {
    clientSecret: intent.clientSecret,
    card: GOOD_CARD,
    billingDetails: { email: customer.email, name: 'Bench Customer' },
  });
  return intent.intentId;
}

/** A pickup order of one dish, paid as the web app pays: its id. */
export async function placeOrder(shopUrl: string, customer: BenchCustomer, itemId: string): Promise<string> {
  const intentId = await readyToPay(shopUrl, customer, itemId);
  const { order } = (await post(shopUrl, customer, '/api/payment', { transactionId: intentId })) as { order: { _id: string } };
  return order._id;
}

/**
 * `count` orders paid by `customers` at once, each customer paying one after another (a customer
 * has one cart: two payments of one customer at once would cancel each other's): their ids.
 */
export async function placeOrders(shopUrl: string, customers: BenchCustomer[], itemIds: string[], count: number): Promise<string[]> {
  const ids: string[] = [];
  let next = 0;
  await Promise.all(
    customers.map(async (customer) => {
      while (next < count) {
        const n = next++;
        ids.push(await placeOrder(shopUrl, customer, itemIds[n % itemIds.length]!));
      }
    }),
  );
  return ids;
}
