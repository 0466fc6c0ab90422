import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { FulfilmentRequest, Order, OrderStatus } from '../src/shared/orders.ts';
import type { CreateIntentAnswer, PaymentAnswer } from '../src/shared/payments.ts';
import { signUpUser, type TestUser } from './helpers/auth.ts';
import { confirmSandbox, createIntent, fillCart, menuItemIds, postPayment } from './payment-helpers.ts';

/** The callers of the order routes: a visitor, the order's customer, another customer, staff, an administrator. */
export interface OrderCast {
  customer: TestUser;
  another: TestUser;
  staff: TestUser;
  admin: TestUser;
}

export async function signUpCast(app: FastifyInstance): Promise<OrderCast> {
  const [customer, another, staff, admin] = [
    await signUpUser(app, { name: 'Cora Customer' }),
    await signUpUser(app, { name: 'Andy Another' }),
    await signUpUser(app, { name: 'Stella Staff' }),
    await signUpUser(app, { admin: true, name: 'Ada Admin' }),
  ];
  await makeStaff(app, staff);
  return { customer, another, staff, admin };
}

export async function makeStaff(app: FastifyInstance, user: TestUser): Promise<void> {
  await app.db.updateTable('users').set({ role: 'staff' }).where('id', '=', user.id).execute();
}

/** Opens an intent for the cart with this fulfilment (none: the spec's own `{ price }`). */
export async function openIntentFor(app: FastifyInstance, user: TestUser, fulfilment?: FulfilmentRequest): Promise<CreateIntentAnswer> {
  const res = await createIntent(app, user, fulfilment ? { price: 1, fulfilment } : { price: 1 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CreateIntentAnswer>();
}

/**
 * A paid order of `user`, as the web app makes one: dishes into the cart, an intent with the
 * fulfilment, the sandbox's confirmation, POST /api/payment. Answers the payment's answer.
 */
export async function placeOrder(
  app: FastifyInstance,
  user: TestUser,
  options: { items?: string[]; fulfilment?: FulfilmentRequest } = {},
): Promise<PaymentAnswer & { order: Order }> {
  const items = options.items ?? [(await menuItemIds(app, 1))[0]!.id];
  await fillCart(app, user, items);
  const intent = await openIntentFor(app, user, options.fulfilment);
  const confirmed = await confirmSandbox(app, user, intent);
  expect(confirmed.statusCode).toBe(200);
  const res = await postPayment(app, user, intent.intentId);
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json<PaymentAnswer>();
  expect(answer.order).toBeDefined();
  return answer as PaymentAnswer & { order: Order };
}

export function moveOrder(app: FastifyInstance, user: TestUser | undefined, orderId: string, body: object) {
  return app.inject({ method: 'POST', url: `/api/staff/orders/${orderId}/status`, headers: user?.headers, payload: body });
}

/** The body a move needs by the workflow table: a ready-in time to accept, a reason to reject or cancel. */
export function moveBody(to: OrderStatus, needs: 'readyInMinutes' | 'reason' | undefined): object {
  if (needs === 'readyInMinutes') return { status: to, readyInMinutes: 20 };
  if (needs === 'reason') return { status: to, reason: 'We ran out of avocados' };
  return { status: to };
}

export function getOrder(app: FastifyInstance, user: TestUser | undefined, orderId: string) {
  return app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: user?.headers });
}

/** What an order's rows are, to prove a refused call changed nothing. */
export async function orderState(app: FastifyInstance, orderId: string): Promise<string> {
  const order = await app.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  const events = await app.db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  return JSON.stringify({ order, events });
}

/**
 * A time zone in which it is now between 06:00 and 17:59, so a test has pickup times both past and
 * still to come today, whatever the hour it runs (Etc/GMT+N is N hours behind UTC).
 */
export function zoneWhereItIsDaytime(now = new Date()): string {
  for (let offset = -12; offset <= 14; offset++) {
    const hour = (now.getUTCHours() + offset + 24) % 24;
    if (hour >= 6 && hour < 18) return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  }
  throw new Error('no zone found');
}
