import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, createScene, openIntent, send, validItem, type Scene } from './scene.ts';
import { servedRoutes } from './served-routes.ts';

/**
 * Every schema agrees with the database: whatever a write route is sent, it answers 2xx, 3xx or
 * 4xx, never a 5xx (a value the schema lets through and the database then refuses would be one).
 * The routes come from the app itself, so a new write route is tried here without a line added.
 * Bodies are random JSON, objects made of the shop's field names with random values, and valid
 * bodies with one field replaced by a random value, the likeliest to get past the schema.
 */
const FIELD_NAMES = [
  'name', 'email', 'password', 'itemId', 'category', 'price', 'newPrice', 'recipe', 'image', 'transactionId',
  'clientSecret', 'card', 'number', 'expiry', 'cvc', 'billingDetails', 'fulfilment', 'type', 'table', 'pickupAt',
  'address', 'line1', 'line2', 'city', 'postalCode', 'phone', 'note', 'status', 'readyInMinutes', 'reason',
  'currentPassword', 'newPassword', 'revokeOtherSessions', 'id', 'answer', 'captchaId', 'captchaAnswer', 'role',
  'token', 'newEmail', 'orderStatusMails', 'confirm',
] as const;

const EDGE_VALUES: unknown[] = [
  0, -0, 1e-9, 0.001, 0.005, 4.999, -1, 1e12, 1e308, 2 ** 31, 2 ** 53 + 2, 99_999.99, true, null, [], {},
  '', ' ', '\u0000', '1e-9', 'NaN', 'table', 'pickup', 'delivery', 'accepted', 'raw-special', 'admin', 'staff',
  '4242 4242 4242 4242', '2026-02-30T25:61:00Z', '../../etc/passwd', 'x'.repeat(5000), { type: 'table' }, ['x'],
];
const edgeNumbers = fc.constantFrom(...EDGE_VALUES.filter((v) => typeof v === 'number'));
const edgeStrings = fc.constantFrom(...EDGE_VALUES.filter((v) => typeof v === 'string'));
const leaf = fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), edgeNumbers, edgeStrings);
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie('value'), { maxKeys: 5 }),
  ),
}));

let s: Scene;
/** A valid body for the routes that have one, so one replaced field meets the database. */
let validBodies: Record<string, Record<string, unknown>>;
/** Real ids for path parameters, besides random text. */
let realIds: string[];

beforeAll(async () => {
  s = await createScene();
  const entry = await addToCart(s, s.owner);
  const intent = await openIntent(s, s.owner);
  realIds = [s.itemId, entry, intent.intentId, s.owner.id, s.other.id, encodeURIComponent(s.owner.email)];
  validBodies = {
    'POST /api/items': validItem(s) as Record<string, unknown>,
    'PATCH /api/items/:id': validItem(s) as Record<string, unknown>,
    'POST /api/cart': { itemId: s.itemId },
    'POST /api/create-payment-intent': { price: 1, fulfilment: { type: 'delivery', address: { line1: 'Main St 1', city: 'Town', postalCode: '12345' }, phone: '+1 555 0100', note: 'Ring twice' } },
    'POST /api/payment': { transactionId: intent.intentId },
    'POST /api/sandbox/payment-intents/:id/confirm': {
      clientSecret: intent.clientSecret,
      card: { number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' },
      billingDetails: { email: s.owner.email, name: 'Owner' },
    },
    'POST /api/users': { name: 'Owner', email: s.owner.email },
    'POST /api/jwt': { email: s.owner.email },
    'POST /api/auth/update-user': { name: 'Renamed' },
    'POST /api/auth/change-password': { currentPassword: s.owner.password, newPassword: 'beetroot-carpaccio-44' },
    'POST /api/staff/orders/:id/status': { status: 'accepted', readyInMinutes: 15 },
    'PATCH /api/account/preferences': { orderStatusMails: false },
    'POST /api/account/email': { newEmail: 'moved@example.test', currentPassword: 'not-the-password' },
    'POST /api/account/password': { newPassword: 'granite willow harbour 61' },
    'POST /api/auth/reset-password': { token: 'a'.repeat(32), newPassword: 'granite willow harbour 61' },
    'POST /api/account/verify-email': { token: 'a'.repeat(32) },
    'POST /api/account/email/confirm': { token: 'a'.repeat(32) },
  };
});
afterAll(async () => s.t.close());

function bodyFor(route: string): fc.Arbitrary<unknown> {
  const valid = validBodies[route];
  const random = fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom(...FIELD_NAMES), value, { maxKeys: 8 }));
  if (!valid) return random;
  const oneFieldReplaced = fc
    .tuple(fc.constantFrom(...Object.keys(valid)), value)
    .map(([field, replacement]) => ({ ...valid, [field]: replacement }));
  return fc.oneof(random, oneFieldReplaced, oneFieldReplaced);
}

describe('write routes: random input never answers 5xx', () => {
  it('finds the write routes to try', () => {
    expect(writeRoutes().length).toBeGreaterThanOrEqual(15);
  });

  it('every edge value in every field of a valid body, as a customer and as an administrator', async () => {
    const failures: string[] = [];
    for (const route of writeRoutes()) {
      const valid = validBodies[route];
      if (!valid) continue;
      const [method, pattern] = route.split(' ') as ['POST' | 'PATCH' | 'PUT' | 'DELETE', string];
      for (const field of Object.keys(valid)) {
        for (const edge of EDGE_VALUES) {
          for (const user of [s.owner, s.admin]) {
            const body = { ...valid, [field]: edge };
            const url = pattern.replace(/:[A-Za-z]+/g, encodeURIComponent(route.includes('/items/') ? s.itemId : realIds[2]!));
            const res = await send(s.app, { method, url, headers: { ...user.headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
            if (res.statusCode >= 500) failures.push(`${route} ${field}=${JSON.stringify(edge).slice(0, 40)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('every write route, random bodies, as a customer and as an administrator', async () => {
    const failures: string[] = [];
    for (const route of writeRoutes()) {
      const [method, pattern] = route.split(' ') as ['POST' | 'PATCH' | 'PUT' | 'DELETE', string];
      await fc.assert(
        fc.asyncProperty(
          bodyFor(route),
          fc.oneof(fc.constantFrom(...realIds), fc.string({ minLength: 1, maxLength: 40 })),
          fc.constantFrom('owner', 'admin'),
          async (body, id, who) => {
            const url = pattern.replace(/:[A-Za-z]+/g, encodeURIComponent(id)).replace('*', 'sign-out');
            const user = who === 'owner' ? s.owner : s.admin;
            const res = await send(s.app, {
              method,
              url,
              headers: { ...user.headers, 'content-type': 'application/json' },
              payload: JSON.stringify(body) ?? 'null',
            });
            if (res.statusCode >= 500) failures.push(`${route} ${url} as ${who}: ${JSON.stringify(body).slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
            return res.statusCode < 500;
          },
        ),
        { numRuns: 40 },
      ).catch(() => undefined);
    }
    expect(failures).toEqual([]);
  });
});

/** The app's write routes; the changing of passwords and sign-out last, since they end or change the session. */
function writeRoutes(): string[] {
  const served = servedRoutes(s.app.printRoutes({ commonPrefix: false })).map((alternatives) => alternatives[0]!);
  const writes = served.filter((route) => /^(POST|PATCH|PUT|DELETE) \/api\//.test(route) && route !== 'POST /api/images');
  const sessionEnding = (route: string) => route.endsWith('/auth/sign-out') || route.endsWith('/change-password') || route.includes('/users/admin/');
  return [...writes.filter((route) => !sessionEnding(route)), ...writes.filter(sessionEnding)];
}
