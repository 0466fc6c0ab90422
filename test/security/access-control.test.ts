import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotionInputSchema } from '../../src/shared/promo-codes.ts';
import { newCaptcha, signUpUser, uniqueEmail, type TestUser } from '../helpers/auth.ts';
import { samplePicture, uploadImage } from '../helpers/upload.ts';
import { servedRoutes } from './served-routes.ts';
import { ACCESS_MATRIX, NOT_IN_MATRIX, type AccessRule, type Caller } from './access-matrix.ts';
import {
  addToCart,
  confirm,
  createItem,
  createScene,
  fingerprint,
  openIntent,
  paidIntent,
  placedOrder,
  send,
  validItem,
  type Scene,
} from './scene.ts';

/**
 * Access control: every route of ACCESS_MATRIX called as each caller; the status must be the
 * table's, and a refused call must leave the data as it was.
 */
let s: Scene;
beforeAll(async () => {
  // With mail on (into a folder of its own): the account routes that mail a link answer as in a real shop.
  s = await createScene({ MAIL_DISABLED: 'false', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'shop-access-')) });
});
afterAll(async () => s.t.close());

type Headers = Record<string, string>;
/** Prepares what the call needs (a fresh cart entry, a confirmed intent…) and answers the call itself. */
type Prepare = (s: Scene, headers: Headers) => Promise<() => Promise<LightMyRequestResponse>>;

const get = (url: (s: Scene) => string): Prepare => async (sc, headers) => () => send(sc.app, { method: 'GET', url: url(sc), headers });
const post = (url: string, body: (s: Scene) => object = () => ({})): Prepare => async (sc, headers) => () =>
  send(sc.app, { method: 'POST', url, headers, payload: body(sc) });

const CALLS: Record<string, Prepare> = {
  'GET /api/items': get(() => '/api/items'),
  'GET /api/items/:id': get((sc) => `/api/items/${sc.itemId}`),
  'GET /api/review': get(() => '/api/review'),
  'GET /api/images/:file': get((sc) => sc.imageUrl),
  'GET /api/auth-providers': get(() => '/api/auth-providers'),
  'GET /api/openapi.json': get(() => '/api/openapi.json'),
  'GET /api/docs': get(() => '/api/docs'),
  'GET /api/payment/return': get(() => '/api/payment/return?payment_intent=pi_unknown&redirect_status=succeeded'),
  'POST /api/captcha': post('/api/captcha'),
  'POST /api/captcha/check': async (sc, headers) => {
    const captcha = await newCaptcha(sc.app);
    return () => send(sc.app, { method: 'POST', url: '/api/captcha/check', headers, payload: { id: captcha.id, answer: 'ZZZZZZ' } });
  },
  'POST /api/captcha/by-mail': async (sc, headers) => {
    const captcha = await newCaptcha(sc.app);
    return () => send(sc.app, { method: 'POST', url: '/api/captcha/by-mail', headers, payload: { id: captcha.id, email: 'anyone@example.test' } });
  },
  'GET /api/auth/get-session': get(() => '/api/auth/get-session'),
  'GET /api/auth/error': get(() => '/api/auth/error?error=access_denied&error_description=free%20text'),

  'POST /api/items': post('/api/items', (sc) => validItem(sc)),
  'PATCH /api/items/:id': async (sc, headers) => {
    const id = await createItem(sc);
    return () => send(sc.app, { method: 'PATCH', url: `/api/items/${id}`, headers, payload: validItem(sc, 'Renamed bowl') });
  },
  'DELETE /api/items/:id': async (sc, headers) => {
    const id = await createItem(sc);
    return () => send(sc.app, { method: 'DELETE', url: `/api/items/${id}`, headers });
  },
  'POST /api/images': async (sc, headers) => {
    const picture = await samplePicture();
    return () => uploadImage(sc.app, picture, { headers });
  },
  'GET /api/users': get(() => '/api/users'),
  'PATCH /api/users/admin/:id': async (sc, headers) => {
    const target = await signUpUser(sc.app);
    return () => send(sc.app, { method: 'PATCH', url: `/api/users/admin/${target.id}`, headers });
  },
  'DELETE /api/users/admin/:id': async (sc, headers) => {
    const target = await signUpUser(sc.app);
    return () => send(sc.app, { method: 'DELETE', url: `/api/users/admin/${target.id}`, headers });
  },
  'GET /api/admin-statistics': get(() => '/api/admin-statistics'),
  'GET /api/admin/stats': get(() => '/api/admin/stats?period=last30'),
  'GET /api/admin/orders.csv': get(() => '/api/admin/orders.csv?period=last30'),
  'PATCH /api/users/role/:id': async (sc, headers) => {
    const target = await signUpUser(sc.app);
    return () => send(sc.app, { method: 'PATCH', url: `/api/users/role/${target.id}`, headers, payload: { role: 'staff' } });
  },
  'GET /api/staff/orders': get(() => '/api/staff/orders'),
  'POST /api/staff/orders/:id/status': async (sc, headers) => {
    const id = await placedOrder(sc, sc.owner);
    return () => send(sc.app, { method: 'POST', url: `/api/staff/orders/${id}/status`, headers, payload: { status: 'accepted', readyInMinutes: 15 } });
  },
  'POST /api/staff/orders/:id/refund-retry': async (sc, headers) => {
    const id = await placedOrder(sc, sc.owner);
    // Rejected while the provider refused its refund (a payment it no longer counts), then payable again.
    const { transaction_id } = await sc.app.db.selectFrom('orders').select('transaction_id').where('id', '=', id).executeTakeFirstOrThrow();
    await sc.app.db.updateTable('payment_intents').set({ status: 'requires_payment_method' }).where('id', '=', transaction_id).execute();
    const rejected = await send(sc.app, { method: 'POST', url: `/api/staff/orders/${id}/status`, headers: sc.staff.headers, payload: { status: 'rejected', reason: 'Closed' } });
    if (rejected.json<{ refund?: { status: string } }>().refund?.status !== 'failed') throw new Error(`no failed refund: ${rejected.body}`);
    await sc.app.db.updateTable('payment_intents').set({ status: 'succeeded' }).where('id', '=', transaction_id).execute();
    return () => send(sc.app, { method: 'POST', url: `/api/staff/orders/${id}/refund-retry`, headers });
  },
  'POST /api/admin/orders/:id/refunds': async (sc, headers) => {
    const id = await placedOrder(sc, sc.owner);
    return () => send(sc.app, { method: 'POST', url: `/api/admin/orders/${id}/refunds`, headers, payload: { amountCents: 1 } });
  },
  // A printer that nothing listens on (port 9 of the loopback): a print is tried and fails, after the answer.
  'GET /api/admin/printers': get(() => '/api/admin/printers'),
  'POST /api/admin/printers': post('/api/admin/printers', () => ({ name: 'Kitchen', host: '127.0.0.1', port: 9, printOnAccept: false })),
  'PUT /api/admin/printers/:id': async (sc, headers) => {
    const { id } = await sc.app.printers.add({ name: 'Kitchen', host: '127.0.0.1', port: 9, printOnAccept: false });
    return () => send(sc.app, { method: 'PUT', url: `/api/admin/printers/${id}`, headers, payload: { name: 'Bar', host: '127.0.0.1', port: 9, printOnAccept: false } });
  },
  'DELETE /api/admin/printers/:id': async (sc, headers) => {
    const { id } = await sc.app.printers.add({ name: 'Kitchen', host: '127.0.0.1', port: 9, printOnAccept: false });
    return () => send(sc.app, { method: 'DELETE', url: `/api/admin/printers/${id}`, headers });
  },
  'POST /api/admin/printers/:id/test': async (sc, headers) => {
    const { id } = await sc.app.printers.add({ name: 'Kitchen', host: '127.0.0.1', port: 9, printOnAccept: false });
    return () => send(sc.app, { method: 'POST', url: `/api/admin/printers/${id}/test`, headers });
  },
  'GET /api/admin/tables': get(() => '/api/admin/tables'),
  'POST /api/admin/tables': post('/api/admin/tables', () => ({ name: randomUUID().slice(0, 8), area: 'Terrace' })),
  'PUT /api/admin/tables/:id': async (sc, headers) => {
    const { id } = await sc.app.tables.add({ name: randomUUID().slice(0, 8) });
    return () => send(sc.app, { method: 'PUT', url: `/api/admin/tables/${id}`, headers, payload: { name: randomUUID().slice(0, 8), area: 'Garden' } });
  },
  'DELETE /api/admin/tables/:id': async (sc, headers) => {
    const { id } = await sc.app.tables.add({ name: randomUUID().slice(0, 8) });
    return () => send(sc.app, { method: 'DELETE', url: `/api/admin/tables/${id}`, headers });
  },
  'POST /api/admin/tables/:id/regenerate': async (sc, headers) => {
    const { id } = await sc.app.tables.add({ name: randomUUID().slice(0, 8) });
    return () => send(sc.app, { method: 'POST', url: `/api/admin/tables/${id}/regenerate`, headers });
  },
  'GET /api/admin/promotions': get(() => '/api/admin/promotions'),
  'POST /api/admin/promotions': post('/api/admin/promotions', () => ({ code: randomUUID().slice(0, 8), kind: 'percent', value: 10 })),
  'PUT /api/admin/promotions/:id': async (sc, headers) => {
    const { id } = await sc.app.promotions.add(promotionInputSchema.parse({ code: randomUUID().slice(0, 8), kind: 'fixed', value: 2 }));
    return () => send(sc.app, { method: 'PUT', url: `/api/admin/promotions/${id}`, headers, payload: { code: randomUUID().slice(0, 8), kind: 'percent', value: 90 } });
  },
  'PUT /api/admin/promotions/:id/paused': async (sc, headers) => {
    const { id } = await sc.app.promotions.add(promotionInputSchema.parse({ code: randomUUID().slice(0, 8), kind: 'fixed', value: 2 }));
    return () => send(sc.app, { method: 'PUT', url: `/api/admin/promotions/${id}/paused`, headers, payload: { paused: true } });
  },
  'DELETE /api/admin/promotions/:id': async (sc, headers) => {
    const { id } = await sc.app.promotions.add(promotionInputSchema.parse({ code: randomUUID().slice(0, 8), kind: 'fixed', value: 2 }));
    return () => send(sc.app, { method: 'DELETE', url: `/api/admin/promotions/${id}`, headers });
  },
  'GET /api/tables/:token': async (sc, headers) => {
    const { path } = await sc.app.tables.add({ name: randomUUID().slice(0, 8) });
    return () => send(sc.app, { method: 'GET', url: `/api/tables/${path.slice('/t/'.length)}`, headers });
  },
  'POST /api/tables/:token/guest': async (sc, headers) => {
    const { path } = await sc.app.tables.add({ name: randomUUID().slice(0, 8) });
    return () => send(sc.app, { method: 'POST', url: `/api/tables/${path.slice('/t/'.length)}/guest`, headers, payload: { name: 'Table guest' } });
  },
  'GET /api/staff/printers': get(() => '/api/staff/printers'),
  'POST /api/staff/orders/:id/print': async (sc, headers) => {
    await sc.app.printers.add({ name: 'Kitchen', host: '127.0.0.1', port: 9, printOnAccept: false });
    const id = await placedOrder(sc, sc.owner);
    return () => send(sc.app, { method: 'POST', url: `/api/staff/orders/${id}/print`, headers });
  },
  'POST /api/staff/orders/:id/delay': async (sc, headers) => {
    const id = await placedOrder(sc, sc.owner);
    await send(sc.app, { method: 'POST', url: `/api/staff/orders/${id}/status`, headers: sc.staff.headers, payload: { status: 'accepted', readyInMinutes: 15 } });
    return () => send(sc.app, { method: 'POST', url: `/api/staff/orders/${id}/delay`, headers, payload: { minutes: 10 } });
  },
  // No pause here: the other calls of the suite still pay.
  'PATCH /api/staff/busy': async (sc, headers) => () => send(sc.app, { method: 'PATCH', url: '/api/staff/busy', headers, payload: { extraMinutes: 0 } }),
  'GET /api/orders': get(() => '/api/orders'),
  'GET /api/orders/:id': async (sc, headers) => {
    const id = await placedOrder(sc, sc.owner);
    return () => send(sc.app, { method: 'GET', url: `/api/orders/${id}`, headers });
  },
  'GET /api/orders/by-link/:token': async (sc, headers) => {
    const link = sc.app.orders.linkOf(await placedOrder(sc, sc.owner));
    return () => send(sc.app, { method: 'GET', url: `/api/orders/by-link/${link.slice('/o/'.length)}`, headers });
  },
  'GET /api/orders/pickup-slots': get(() => '/api/orders/pickup-slots'),
  'GET /api/slots': get(() => '/api/slots?fulfilment=pickup'),
  'PATCH /api/items/:id/availability': async (sc, headers) => {
    const id = await createItem(sc);
    return () => send(sc.app, { method: 'PATCH', url: `/api/items/${id}/availability`, headers, payload: { soldOut: true } });
  },
  'GET /api/admin/items': get(() => '/api/admin/items'),
  'GET /api/admin/items/:id': get((sc) => `/api/admin/items/${sc.itemId}`),
  'GET /api/admin/reviews': get(() => '/api/admin/reviews'),
  'PATCH /api/admin/reviews/:id': async (sc, headers) => {
    const id = await newReview(sc);
    return () => send(sc.app, { method: 'PATCH', url: `/api/admin/reviews/${id}`, headers, payload: { hidden: true } });
  },
  'DELETE /api/admin/reviews/:id': async (sc, headers) => {
    const id = await newReview(sc);
    return () => send(sc.app, { method: 'DELETE', url: `/api/admin/reviews/${id}`, headers });
  },
  'GET /api/settings': get(() => '/api/settings'),
  'PUT /api/settings': async (sc, headers) => {
    const current = (await send(sc.app, { method: 'GET', url: '/api/settings' })).json<object>();
    return () => send(sc.app, { method: 'PUT', url: '/api/settings', headers, payload: current });
  },
  'GET /api/cart/removed': get(() => '/api/cart/removed'),
  'DELETE /api/cart/removed/:id': async (sc, headers) => {
    // The owner's notice of a dish deleted from the menu while in their cart.
    const dish = await createItem(sc);
    await addToCart(sc, sc.owner, dish);
    await send(sc.app, { method: 'DELETE', url: `/api/items/${dish}`, headers: sc.admin.headers });
    const [notice] = (await send(sc.app, { method: 'GET', url: '/api/cart/removed', headers: sc.owner.headers })).json<{ _id: string }[]>();
    return async () => {
      const res = await send(sc.app, { method: 'DELETE', url: `/api/cart/removed/${notice!._id}`, headers });
      const own = headers.authorization === sc.owner.headers.authorization;
      if (res.statusCode === 200) expect(res.json<{ deletedCount: number }>().deletedCount, "only the owner's notice is deleted").toBe(own ? 1 : 0);
      return res;
    };
  },
  'GET /api/favourites': get(() => '/api/favourites'),
  'PUT /api/favourites/:itemId': async (sc, headers) => () => send(sc.app, { method: 'PUT', url: `/api/favourites/${sc.itemId}`, headers }),
  'DELETE /api/favourites/:itemId': async (sc, headers) => () => send(sc.app, { method: 'DELETE', url: `/api/favourites/${sc.itemId}`, headers }),
  'GET /api/account/addresses': get(() => '/api/account/addresses'),
  'POST /api/account/addresses': post('/api/account/addresses', () => ({ address: { line1: `${randomUUID()} Lane`, city: 'Springfield', postalCode: '10115' }, phone: '+1 555 0100' })),
  'PUT /api/account/addresses/:id': async (sc, headers) => {
    const { address } = await sc.app.savedAddresses.save(sc.owner.id, { address: { line1: '1 Orchard Lane', city: 'Springfield', postalCode: '10115' }, phone: '+1 555 0100' });
    return () => send(sc.app, { method: 'PUT', url: `/api/account/addresses/${address.id}`, headers, payload: { address: { line1: '2 Orchard Lane', city: 'Springfield', postalCode: '10115' }, phone: '+1 555 0100' } });
  },
  'DELETE /api/account/addresses/:id': async (sc, headers) => {
    const { address } = await sc.app.savedAddresses.save(sc.owner.id, { address: { line1: `${randomUUID()} Lane`, city: 'Springfield', postalCode: '10115' }, phone: '+1 555 0100' });
    return () => send(sc.app, { method: 'DELETE', url: `/api/account/addresses/${address.id}`, headers });
  },
  'GET /api/orders/summary': get(() => '/api/orders/summary'),

  'POST /api/jwt': post('/api/jwt', (sc) => ({ email: sc.owner.email })),
  'POST /api/users': post('/api/users', (sc) => ({ name: sc.owner.name, email: sc.owner.email })),
  'GET /api/users/admin/:email': get((sc) => `/api/users/admin/${encodeURIComponent(sc.owner.email)}`),
  'GET /api/cart': get((sc) => `/api/cart?email=${encodeURIComponent(sc.owner.email)}`),
  'POST /api/cart': post('/api/cart', (sc) => ({ itemId: sc.itemId, price: 0.01, email: sc.owner.email })),
  'DELETE /api/cart/:id': async (sc, headers) => {
    const entry = await addToCart(sc, sc.owner);
    return () => send(sc.app, { method: 'DELETE', url: `/api/cart/${entry}`, headers });
  },
  'POST /api/create-payment-intent': async (sc, headers) => {
    const caller = [sc.owner, sc.other, sc.staff, sc.admin].find((u) => u.headers.authorization === headers.authorization);
    if (caller) await addToCart(sc, caller);
    return () => send(sc.app, { method: 'POST', url: '/api/create-payment-intent', headers, payload: { price: 0.5 } });
  },
  'POST /api/sandbox/payment-intents/:id/confirm': async (sc, headers) => {
    await addToCart(sc, sc.owner);
    const intent = await openIntent(sc, sc.owner);
    return () => confirm(sc, { headers } as TestUser, intent);
  },
  'POST /api/payment': async (sc, headers) => {
    const transactionId = await paidIntent(sc, sc.owner);
    return () => send(sc.app, { method: 'POST', url: '/api/payment', headers, payload: { transactionId } });
  },
  'GET /api/payments': get(() => '/api/payments'),

  'GET /api/account': get(() => '/api/account'),
  'PATCH /api/account/preferences': async (sc, headers) => () =>
    send(sc.app, { method: 'PATCH', url: '/api/account/preferences', headers, payload: { orderStatusMails: true } }),
  'POST /api/account/verification-email': post('/api/account/verification-email'),
  'POST /api/account/email': async (sc, headers) => () =>
    send(sc.app, { method: 'POST', url: '/api/account/email', headers, payload: { newEmail: uniqueEmail('moving'), currentPassword: sc.owner.password } }),
  'POST /api/account/password': post('/api/account/password', () => ({ newPassword: 'granite willow harbour 61' })),
  'GET /api/account/sessions': get(() => '/api/account/sessions'),
  'POST /api/account/sessions/sign-out-others': post('/api/account/sessions/sign-out-others'),
  'GET /api/account/export': get(() => '/api/account/export'),
};

/** A review of its own for each call, so a caller's hiding or deleting never meets another's. */
async function newReview(sc: Scene): Promise<string> {
  const id = randomUUID();
  await sc.app.db.insertInto('reviews').values({ id, name: 'Access Check', image: '/images/review.webp', details: 'Fine.', created_at: new Date().toISOString() }).execute();
  return id;
}

function headersOf(caller: Caller): Headers {
  return { anonymous: {}, customer: s.owner.headers, otherCustomer: s.other.headers, staff: s.staff.headers, admin: s.admin.headers, guest: s.guest.headers }[caller];
}

const key = (rule: AccessRule) => `${rule.method} ${rule.route}`;
const CALLERS: Caller[] = ['anonymous', 'otherCustomer', 'staff', 'admin', 'guest', 'customer'];

describe('access control: the matrix', () => {
  for (const rule of ACCESS_MATRIX) {
    it(`${key(rule)}: ${CALLERS.map((c) => `${c} ${rule.expect[c]}`).join(', ')}`, async () => {
      const prepare = CALLS[key(rule)];
      expect(prepare, `no call written for ${key(rule)}`).toBeDefined();
      for (const caller of CALLERS) {
        const call = await prepare!(s, headersOf(caller));
        const before = await fingerprint(s.app);
        const res = await call();
        expect(res.statusCode, `${key(rule)} as ${caller}: ${res.body.slice(0, 200)}`).toBe(rule.expect[caller]);
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode >= 400) {
          expect(await fingerprint(s.app), `${key(rule)} as ${caller} was refused but changed data`).toBe(before);
        }
      }
    });
  }
});

describe('access control: coverage', () => {
  it('lists every route the app serves (a new route without a row fails here)', () => {
    const served = servedRoutes(s.app.printRoutes({ commonPrefix: false }));
    const listed = new Set([...ACCESS_MATRIX.map(key), ...Object.keys(NOT_IN_MATRIX)]);
    const missing = served.filter((alternatives) => !alternatives.some((k) => listed.has(k))).map((a) => a.join(' | '));
    expect(missing).toEqual([]);
    expect(served.length).toBeGreaterThanOrEqual(ACCESS_MATRIX.length);
  });
});

describe("access control: no one sees another's data", () => {
  it("another customer's order list and cart never contain the owner's", async () => {
    const transactionId = await paidIntent(s, s.owner);
    expect((await send(s.app, { method: 'POST', url: '/api/payment', headers: s.owner.headers, payload: { transactionId } })).statusCode).toBe(200);
    const entry = await addToCart(s, s.owner);
    for (const user of [s.other, s.staff, s.admin]) {
      const orders = await send(s.app, { method: 'GET', url: '/api/payments', headers: user.headers });
      expect(orders.body).not.toContain(transactionId);
      const own = await send(s.app, { method: 'GET', url: '/api/orders', headers: user.headers });
      expect(own.statusCode).toBe(200);
      expect(own.body).not.toContain(transactionId);
      const cart = await send(s.app, { method: 'GET', url: `/api/cart?email=${encodeURIComponent(user.email)}`, headers: user.headers });
      expect(cart.statusCode).toBe(200);
      expect(cart.body).not.toContain(entry);
    }
  });

  it('an e-mail in another case or with spaces does not open another cart', async () => {
    for (const email of [s.owner.email.toUpperCase(), ` ${s.owner.email} `]) {
      const res = await send(s.app, { method: 'GET', url: `/api/cart?email=${encodeURIComponent(email)}`, headers: s.other.headers });
      expect(res.statusCode).toBe(403);
    }
  });

  it('a customer demoted or deleted loses access on the very next request', async () => {
    const victim = await signUpUser(s.app, { admin: true });
    expect((await send(s.app, { method: 'GET', url: '/api/users', headers: victim.headers })).statusCode).toBe(200);
    await s.app.db.updateTable('users').set({ role: 'user' }).where('id', '=', victim.id).execute();
    expect((await send(s.app, { method: 'GET', url: '/api/users', headers: victim.headers })).statusCode).toBe(403);
    expect((await send(s.app, { method: 'DELETE', url: `/api/users/admin/${victim.id}`, headers: s.admin.headers })).statusCode).toBe(200);
    expect((await send(s.app, { method: 'GET', url: '/api/payments', headers: victim.headers })).statusCode).toBe(401);
  });
});
