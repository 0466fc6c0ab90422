import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '../src/server/http/api-reference.ts';
import type { Order } from '../src/shared/orders.ts';
import { captchaAnswer, newCaptcha, signUpUser, testAddress, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { moveOrder, placeOrder, signUpCast, type OrderCast } from './order-helpers.ts';
import { confirmSandbox, fillCart, menuItemIds, openIntent } from './payment-helpers.ts';

/**
 * The 4xx answers that services throw (409 above all, and a 404 or 403 the route itself cannot
 * show) are listed by the API reference for their call (`config.errors`, docs/api.md): a client
 * generated from the document knows them. Each is sent here for real, and every 4xx the app
 * answered in this file is checked against the document's answers of its operation.
 */
let t: TestApp;
let cast: OrderCast;
let dish: { id: string; cents: number; name: string };
const answered: Array<{ method: string; url: string; status: number }> = [];

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    // Mail off (the test default), so the calls that mail answer 409 MAIL_DISABLED.
    beforeReady: (app) =>
      app.addHook('onResponse', async (request, reply) => {
        const url = request.routeOptions.url;
        if (reply.statusCode >= 400 && reply.statusCode < 500 && url?.startsWith('/api/')) {
          answered.push({ method: request.method, url, status: reply.statusCode });
        }
      }),
  });
  cast = await signUpCast(t.app);
  dish = (await menuItemIds(t.app, 1))[0]!;
});
afterAll(async () => t.close());

type Paths = Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> }>>;

/** The 4xx statuses the document lists for `METHOD url` (a Fastify path). */
function documented(app: FastifyInstance, method: string, url: string): string[] {
  const paths = (app.swagger() as unknown as { paths: Paths }).paths;
  return Object.keys(paths[openApiPath(url)]?.[method.toLowerCase()]?.responses ?? {});
}

/** Every 4xx answered since the last look is in the document; answers how many there were. */
function expectAllDocumented(): number {
  const seen = answered.splice(0);
  const missing = seen.filter(({ method, url, status }) => !documented(t.app, method, url).includes(String(status)));
  expect(missing.map(({ method, url, status }) => `${method} ${url} ${status}`)).toEqual([]);
  return seen.length;
}

async function call(user: TestUser | undefined, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: user?.headers, ...(payload ? { payload } : {}) });
}

describe('service errors are in the API reference', () => {
  it('accounts: another e-mail looked up, an administrator given another role, the caller deleting themselves', async () => {
    expect((await call(cast.customer, 'GET', `/api/users/admin/${encodeURIComponent(cast.another.email)}`)).statusCode).toBe(403);
    expect((await call(cast.admin, 'PATCH', `/api/users/role/${cast.admin.id}`, { role: 'staff' })).statusCode).toBe(409);
    expect((await call(cast.admin, 'DELETE', `/api/users/admin/${cast.admin.id}`)).statusCode).toBe(409);
    expect(expectAllDocumented()).toBe(3);
  });

  it('the cart: an unknown dish, a sold-out dish, another e-mail', async () => {
    expect((await call(cast.customer, 'POST', '/api/cart', { itemId: 'no-such-dish' })).statusCode).toBe(404);
    const [soldOut] = (await menuItemIds(t.app, 2)).slice(1);
    expect((await call(cast.admin, 'PATCH', `/api/items/${soldOut!.id}/availability`, { soldOut: true })).statusCode).toBe(200);
    const refused = await call(cast.customer, 'POST', '/api/cart', { itemId: soldOut!.id });
    expect(refused.statusCode, refused.body).toBe(409);
    await call(cast.admin, 'PATCH', `/api/items/${soldOut!.id}/availability`, { soldOut: false });
    expect((await call(cast.customer, 'GET', `/api/cart?email=${encodeURIComponent(cast.another.email)}`)).statusCode).toBe(403);
    expect(expectAllDocumented()).toBe(3);
  });

  it('signing in: a wrong password, an unknown provider, a captcha mailed that is unknown, mail switched off', async () => {
    const remoteAddress = testAddress();
    const captcha = await newCaptcha(t.app, remoteAddress);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress,
      payload: { email: cast.customer.email, password: `${cast.customer.password}-not`, captchaId: captcha.id, captchaAnswer: await captchaAnswer(t.app.db, captcha.id) },
    });
    expect(wrong.statusCode).toBe(401);
    expect((await call(undefined, 'POST', '/api/auth/sign-in/social', { provider: 'no-such-provider' })).statusCode).toBe(404);
    expect((await call(undefined, 'POST', '/api/captcha/by-mail', { id: 'no-such-captcha', email: cast.customer.email })).statusCode).toBe(404);
    const another = await newCaptcha(t.app);
    expect((await call(undefined, 'POST', '/api/captcha/by-mail', { id: another.id, email: cast.customer.email })).statusCode).toBe(409);
    expect(expectAllDocumented()).toBe(4);
  });

  it("the account: links that cannot be mailed, a second password, a deletion while an order is on its way", async () => {
    const user = await signUpUser(t.app, { name: 'Mo Mailless' });
    expect((await call(user, 'POST', '/api/account/verification-email')).statusCode).toBe(409);
    expect((await call(user, 'POST', '/api/account/email', { newEmail: `new-${user.email}`, currentPassword: user.password })).statusCode).toBe(409);
    expect((await call(user, 'POST', '/api/account/password', { newPassword: 'a long and new passphrase 42' })).statusCode).toBe(409);
    await placeOrder(t.app, user);
    const deletion = await call(user, 'DELETE', '/api/account', { password: user.password });
    expect(deletion.statusCode, deletion.body).toBe(409);
    expect(expectAllDocumented()).toBe(4);
  });

  it('payments: an unknown intent recorded, a card confirmed after the cart changed', async () => {
    expect((await call(cast.another, 'POST', '/api/payment', { transactionId: 'pi_no_such_intent' })).statusCode).toBe(404);
    await fillCart(t.app, cast.another, [dish.id]);
    const intent = await openIntent(t.app, cast.another);
    const entries = await t.app.db.selectFrom('cart_items').select('id').where('user_id', '=', cast.another.id).execute();
    await t.app.db.deleteFrom('cart_items').where('id', '=', entries[0]!.id).execute();
    const confirmed = await confirmSandbox(t.app, cast.another, intent);
    expect(confirmed.statusCode, JSON.stringify(confirmed.body)).toBe(409);
    expect(expectAllDocumented()).toBe(2);
  });

  it("the board: a move the workflow has not, a retry of a refund that did not fail, a delay of a new order, a print with no printer", async () => {
    const { order } = (await placeOrder(t.app, cast.customer)) as { order: Order };
    expect((await moveOrder(t.app, cast.staff, order._id, { status: 'completed' })).statusCode).toBe(409);
    expect((await call(cast.staff, 'POST', `/api/staff/orders/${order._id}/refund-retry`)).statusCode).toBe(409);
    expect((await call(cast.staff, 'POST', `/api/staff/orders/${order._id}/delay`, { minutes: 10 })).statusCode).toBe(409);
    expect((await call(cast.staff, 'POST', `/api/staff/orders/${order._id}/print`)).statusCode).toBe(409);
    expect(expectAllDocumented()).toBe(4);
  });

  it('lists each such status under its call, with the error shape', () => {
    for (const [method, url, status] of [
      ['PUT', '/api/favourites/:itemId', '409'],
      ['GET', '/api/orders/events', '429'],
      ['GET', '/api/menu/events', '429'],
      ['POST', '/api/auth/sign-in/email', '401'],
    ] as const) {
      expect(documented(t.app, method, url), `${method} ${url}`).toContain(status);
    }
    const paths = (t.app.swagger() as unknown as { paths: Paths }).paths;
    const retry = paths['/api/staff/orders/{id}/refund-retry']!.post!.responses['409']!;
    expect(retry.content?.['application/json']?.schema?.$ref).toBe('#/components/schemas/ApiError');
  });
});
