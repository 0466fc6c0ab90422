import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { CreateIntentAnswer, PaymentAnswer, SandboxConfirmAnswer } from '../src/shared/payments.ts';
import type { TestUser } from './helpers/auth.ts';

/** Puts these menu items (by id) in the user's cart through the API. */
export async function fillCart(app: FastifyInstance, user: TestUser, itemIds: string[]): Promise<void> {
  for (const itemId of itemIds) {
    const res = await app.inject({ method: 'POST', url: '/api/cart', headers: user.headers, payload: { itemId } });
    expect(res.statusCode, res.body).toBe(201);
  }
}

export async function menuItemIds(app: FastifyInstance, count: number): Promise<Array<{ id: string; cents: number; name: string }>> {
  const rows = await app.db
    .selectFrom('menu_items')
    .select(['id', 'name', 'price_cents', 'new_price_cents'])
    .orderBy('id')
    .limit(count)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, cents: r.new_price_cents ?? r.price_cents }));
}

export function createIntent(app: FastifyInstance, user: TestUser | undefined, payload: unknown = { price: 0.01 }) {
  return app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: user?.headers, payload: payload as object });
}

export async function openIntent(app: FastifyInstance, user: TestUser): Promise<CreateIntentAnswer> {
  const res = await createIntent(app, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CreateIntentAnswer>();
}

export const CARD_4242 = { number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' };

export async function confirmSandbox(
  app: FastifyInstance,
  user: TestUser | undefined,
  intent: { intentId: string; clientSecret: string },
  card = CARD_4242,
): Promise<{ statusCode: number; body: SandboxConfirmAnswer }> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/sandbox/payment-intents/${intent.intentId}/confirm`,
    headers: user?.headers,
    payload: { clientSecret: intent.clientSecret, card, billingDetails: { email: user?.email ?? 'unknown', name: 'x' } },
  });
  return { statusCode: res.statusCode, body: res.json() };
}

export function postPayment(app: FastifyInstance, user: TestUser | undefined, transactionId: string, extra: object = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/payment',
    headers: user?.headers,
    payload: { transactionId, ...extra },
  });
}

export async function pay(app: FastifyInstance, user: TestUser, transactionId: string): Promise<PaymentAnswer> {
  const res = await postPayment(app, user, transactionId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PaymentAnswer>();
}
