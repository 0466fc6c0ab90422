import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sessionCookie, signUpUser, testAddress, type TestUser } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { uploadedImageUrl } from '../helpers/upload.ts';

/**
 * The world the attack suite plays in: the real app on a fresh database with the demo menu, a
 * customer who owns things, a second customer and an administrator, all signed up for real.
 */
export interface Scene {
  t: TestApp;
  app: FastifyInstance;
  owner: TestUser;
  other: TestUser;
  /** A member of the restaurant's staff (role 'staff'). */
  staff: TestUser;
  admin: TestUser;
  /** A guest begun through a table's link (decision 0047): its cookie only. */
  guest: { headers: Record<string, string> };
  itemId: string;
  imageUrl: string;
}

/** Rate limits high enough that a suite making many users never trips them (limits have their own tests). */
export const HIGH_LIMITS = {
  RATE_LIMIT_SIGN_IN: '100000',
  RATE_LIMIT_SIGN_UP: '100000',
  RATE_LIMIT_CAPTCHA: '100000',
  RATE_LIMIT_TOKEN: '100000',
};

export async function createScene(env: Record<string, string> = {}): Promise<Scene> {
  const t = await createTestApp({ seed: true, env: { ...HIGH_LIMITS, ...env } });
  const app = t.app;
  const [owner, other, staff, admin] = [await signUpUser(app), await signUpUser(app), await signUpUser(app), await signUpUser(app, { admin: true })];
  await app.db.updateTable('users').set({ role: 'staff' }).where('id', '=', staff.id).execute();
  const item = await app.db.selectFrom('menu_items').select('id').orderBy('id').executeTakeFirstOrThrow();
  const imageUrl = await uploadedImageUrl(app, admin.headers);
  const { path } = await app.tables.add({ name: 'Scene table' });
  const begun = await send(app, { method: 'POST', url: `/api/tables/${path.slice('/t/'.length)}/guest`, payload: { name: 'Scene guest' } });
  if (begun.statusCode !== 200) throw new Error(`begin a guest: ${begun.statusCode} ${begun.body}`);
  const guest = { headers: { cookie: sessionCookie(begun) } };
  return { t, app, owner, other, staff, admin, guest, itemId: item.id, imageUrl };
}

/** app.inject from a client address of its own, so per-address rate limits stay out of the way. */
export function send(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject({ remoteAddress: testAddress(), ...options });
}

export function validItem(s: Scene, name = 'Sprouted lentil bowl'): object {
  return { name, category: 'raw-special', price: 12.5, recipe: 'Lentils, sprouted three days.', image: s.imageUrl };
}

export async function createItem(s: Scene, body: object = validItem(s)): Promise<string> {
  const res = await send(s.app, { method: 'POST', url: '/api/items', headers: s.admin.headers, payload: body });
  if (res.statusCode !== 201) throw new Error(`create item: ${res.statusCode} ${res.body}`);
  return res.json<{ insertedId: string }>().insertedId;
}

export async function addToCart(s: Scene, user: TestUser, itemId = s.itemId): Promise<string> {
  const res = await send(s.app, { method: 'POST', url: '/api/cart', headers: user.headers, payload: { itemId } });
  if (res.statusCode !== 201) throw new Error(`add to cart: ${res.statusCode} ${res.body}`);
  return res.json<{ insertedId: string }>().insertedId;
}

export async function openIntent(s: Scene, user: TestUser): Promise<{ intentId: string; clientSecret: string; amount: number }> {
  const res = await send(s.app, { method: 'POST', url: '/api/create-payment-intent', headers: user.headers, payload: { price: 1 } });
  if (res.statusCode !== 200) throw new Error(`intent: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' };
export const DECLINED_CARD = { number: '4000 0000 0000 0002', expiry: '12 / 40', cvc: '123' };

export function confirm(s: Scene, user: TestUser | undefined, intent: { intentId: string; clientSecret: string }, card = GOOD_CARD) {
  return send(s.app, {
    method: 'POST',
    url: `/api/sandbox/payment-intents/${encodeURIComponent(intent.intentId)}/confirm`,
    headers: user?.headers,
    payload: { clientSecret: intent.clientSecret, card, billingDetails: { email: user?.email ?? 'unknown', name: 'anonymous' } },
  });
}

/** An intent of `user` for one item, confirmed with the good card: ready to be recorded. */
export async function paidIntent(s: Scene, user: TestUser): Promise<string> {
  await addToCart(s, user);
  const intent = await openIntent(s, user);
  const res = await confirm(s, user, intent);
  if (res.statusCode !== 200 || !('paymentIntent' in res.json())) throw new Error(`confirm: ${res.statusCode} ${res.body}`);
  return intent.intentId;
}

/** A paid order of `user`, placed: answers its id. */
export async function placedOrder(s: Scene, user: TestUser): Promise<string> {
  const transactionId = await paidIntent(s, user);
  const res = await send(s.app, { method: 'POST', url: '/api/payment', headers: user.headers, payload: { transactionId } });
  if (res.statusCode !== 200) throw new Error(`payment: ${res.statusCode} ${res.body}`);
  return res.json<{ order: { _id: string } }>().order._id;
}

/**
 * What a refused call must not change: the menu, the roles, the carts, the intents and payments,
 * the orders and their timelines, refund requests and the sandbox's refunds.
 * (Captchas, sessions and rate-limit counters change on purpose.)
 */
export async function fingerprint(app: FastifyInstance): Promise<string> {
  const db = app.db;
  return JSON.stringify([
    await db.selectFrom('menu_items').select(['id', 'name', 'price_cents', 'recipe', 'category', 'image']).orderBy('id').execute(),
    await db.selectFrom('users').select(['id', 'role', 'name', 'email']).orderBy('id').execute(),
    await db.selectFrom('cart_items').select(['id', 'user_id', 'price_cents']).orderBy('id').execute(),
    await db.selectFrom('payment_intents').select(['id', 'status', 'amount_cents']).orderBy('id').execute(),
    await db.selectFrom('payments').select(['id', 'transaction_id', 'price_cents']).orderBy('id').execute(),
    await db.selectFrom('images').select('id').orderBy('id').execute(),
    await db.selectFrom('orders').select(['id', 'status', 'ready_by', 'reason', 'refund_status']).orderBy('id').execute(),
    await db.selectFrom('order_events').select('id').orderBy('id').execute(),
    await db.selectFrom('refund_requests').select(['id', 'status']).orderBy('id').execute(),
    await db.selectFrom('sandbox_refunds').select('id').orderBy('id').execute(),
  ]);
}
