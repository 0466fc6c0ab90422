import http from 'node:http';
import zlib from 'node:zlib';
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

  const shop = new URL(shopUrl);
  // One kept-alive connection per customer, as each browser keeps its own.
  const agent = new http.Agent({ keepAlive: true, maxSockets: customers.length });

  async function write(customer: BenchCustomer, step: PaymentStep, path: string, body: unknown): Promise<unknown> {
    const started = performance.now();
    const answer = await post(agent, shop, path, customer.headers, body);
    latencies.get(step)!.push(performance.now() - started);
    if (answer.status < 200 || answer.status > 299) {
      failures.set(step, failures.get(step)! + 1);
      throw new Error(`${step} answered ${answer.status}`);
    }
    return answer.json;
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
  agent.destroy();
  return { latencies, failures, elapsedSeconds };
}

/** The headers fetch sends by itself, sent here too: the shop reads (and compresses for) as many as before. */
const FETCH_HEADERS = { accept: '*/*', 'accept-language': '*', 'sec-fetch-mode': 'cors', 'user-agent': 'node', 'accept-encoding': 'gzip, deflate' };

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  if (encoding === 'deflate') return zlib.inflateSync(body);
  return body;
}

/**
 * A JSON POST through node:http's client. Not fetch: at a thousand payments a second fetch cost
 * the load generator about a core by itself (0.94 ms a payment), as much as the shop it measured.
 */
function post(agent: http.Agent, shop: URL, path: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; json: unknown }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: shop.hostname,
        port: shop.port,
        path,
        method: 'POST',
        headers: { ...FETCH_HEADERS, ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          let json: unknown;
          try {
            json = JSON.parse(decoded(Buffer.concat(chunks), response.headers['content-encoding']).toString('utf8'));
          } catch {
            json = undefined;
          }
          resolve({ status: response.statusCode ?? 0, json });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
