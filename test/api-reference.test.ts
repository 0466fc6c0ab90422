import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, testAddress, type TestUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { openApiPath } from '../src/server/http/api-reference.ts';
import { refusedExamples } from '../src/server/http/api-examples.ts';
import { fillCart, menuItemIds, openIntent } from './payment-helpers.ts';

/**
 * The API reference (/api/openapi.json, /api/docs): generated from the routes' own schemas, it
 * must list every route the app registers, mark the specification's calls, give each call the
 * schema of its answer, and real answers must fit it, the menu's hijacked answer included.
 */
interface Operation {
  operationId?: string;
  requestBody?: { content: Record<string, { example?: unknown; examples?: object; schema: object }> };
  security?: Array<Record<string, string[]>>;
  tags?: string[];
  summary?: string;
  'x-spec'?: boolean;
  responses: Record<string, { description?: string; content?: Record<string, { schema: object }> }>;
}
interface OpenApi {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
}

/** The specification's calls (docs/product.md §7), written out here so that dropping a mark fails. */
const SPEC_CALLS = [
  'POST /api/jwt',
  'GET /api/users/admin/{account}',
  'GET /api/cart',
  'POST /api/cart',
  'DELETE /api/cart/{id}',
  'GET /api/review',
  'GET /api/items',
  'GET /api/items/{id}',
  'POST /api/items',
  'PATCH /api/items/{id}',
  'DELETE /api/items/{id}',
  'POST /api/users',
  'GET /api/users',
  'PATCH /api/users/admin/{account}',
  'DELETE /api/users/admin/{account}',
  'POST /api/create-payment-intent',
  'POST /api/payment',
  'GET /api/admin-statistics',
  'POST /api/images',
];


let t: TestApp;
let doc: OpenApi;
let customer: TestUser;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  customer = await signUpUser(t.app, { name: 'Olga OpenAPI' });
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode, res.body).toBe(200);
  doc = res.json<OpenApi>();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

/** A GET over a real connection of its own (no keep-alive: the app closes without waiting for it). */
function get(path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { agent: false }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      })
      .on('error', reject);
  });
}

function operation(method: string, path: string): Operation {
  const found = doc.paths[path]?.[method.toLowerCase()];
  if (!found) throw new Error(`${method} ${path} is not in the reference`);
  return found;
}

/** Checks an answer's JSON against the schema the reference gives for that call and status. */
function expectFitsReference(method: string, path: string, status: number | 'default', body: unknown): void {
  const response = operation(method, path).responses[String(status)];
  const schema = response?.content?.['application/json']?.schema;
  expect(schema, `${method} ${path} ${status} has a JSON schema`).toBeDefined();
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  for (const [name, component] of Object.entries(doc.components.schemas)) ajv.addSchema(component, `#/components/schemas/${name}`);
  const validate = ajv.compile({ ...schema, components: doc.components });
  const valid = validate(body);
  expect(valid ? [] : validate.errors, `${method} ${path} answers inside its schema`).toEqual([]);
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document of the shop', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Raw Roots shop API');
  });

  it('lists every route the app registered (onRoute), and nothing else', () => {
    const registered = new Set(t.app.apiRoutes.map((r) => `${r.method} ${openApiPath(r.url)}`));
    const documented = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)));
    expect(registered.size).toBeGreaterThan(50);
    expect([...registered].filter((r) => !documented.has(r)), 'routes missing from the reference').toEqual([]);
    expect([...documented].filter((d) => !registered.has(d)), 'calls of the reference that no route answers').toEqual([]);
    // The return from Stripe's redirect, and the menu written from its snapshot.
    expect(documented).toContain('GET /api/payment/return');
    expect(documented).toContain('GET /api/items');
  });

  it("marks the specification's calls with the tag spec, x-spec and a summary, and only those", () => {
    for (const call of SPEC_CALLS) {
      const [method, path] = call.split(' ') as [string, string];
      const op = operation(method, path);
      expect(op.tags, call).toEqual(['spec']);
      expect(op['x-spec'], call).toBe(true);
      expect(op.summary, call).toMatch(/\w{3}/);
    }
    const marked = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op['x-spec'] || op.tags?.includes('spec'))
        .map(([m]) => `${m.toUpperCase()} ${path}`),
    );
    expect(marked.sort()).toEqual([...SPEC_CALLS].sort());
  });

  it("documents an administrator's refund: its three bodies, and the order with its refunds", () => {
    const op = operation('POST', '/api/admin/orders/{id}/refunds') as Operation & { requestBody?: { content: Record<string, { schema: { anyOf?: unknown[] } }> } };
    expect(op.summary).toBe('Refund part or all of an order, administrators only');
    expect(op.requestBody?.content['application/json']?.schema.anyOf).toHaveLength(3);
    expect(JSON.stringify(op.responses['200'])).toContain('refunds');
  });

  it('gives every call the schema of its answer and of its errors', () => {
    const without: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const answers = Object.entries(op.responses).filter(([code]) => /^[23]/.test(code));
        const described = answers.some(([code, r]) => r.content !== undefined || (code.startsWith('3') && r.description));
        if (!described || !op.responses.default?.content) without.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(without).toEqual([]);
  });
});

describe("each call's operationId, security and 4xx answers, derived from its route", () => {
  const operations = () => Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ call: `${method.toUpperCase()} ${path}`, op })));

  it('gives every call a unique operationId, a summary, tags and its 4xx answers in the error shape', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { call, op } of operations()) {
      expect(op.operationId, call).toMatch(/^(get|post|put|patch|delete)[A-Z]\w+$/);
      expect(op.summary, call).toMatch(/\w{3}/);
      expect(op.tags?.length, call).toBeGreaterThan(0);
      const clientErrors = Object.entries(op.responses).filter(([status]) => /^4\d\d$/.test(status));
      expect(clientErrors.length, call).toBeGreaterThan(0);
      for (const [status, answer] of clientErrors) {
        expect(answer.content?.['application/json']?.schema, `${call} ${status}`).toEqual({ $ref: '#/components/schemas/ApiError' });
      }
    }
  });

  it('names the scheme of each guarded call, none for public ones, and the cookie alone for Better Auth', () => {
    const either = [{ bearer: [] }, { session: [] }];
    expect(operation('GET', '/api/cart').security).toEqual(either);
    expect(operation('GET', '/api/users').security).toEqual(either);
    expect(operation('GET', '/api/items').security).toEqual([]);
    expect(operation('POST', '/api/auth/sign-in/email').security).toEqual([]);
    for (const [method, path] of [['POST', '/api/auth/update-user'], ['POST', '/api/auth/change-password'], ['GET', '/api/auth/get-session'], ['POST', '/api/auth/sign-out']] as const) {
      expect(operation(method, path).security, `${method} ${path}`).toEqual([{ session: [] }]);
    }
    // The 4xx follow the guard: a customer's call may answer 401, an administrator's 401 and 403.
    expect(Object.keys(operation('GET', '/api/cart').responses)).toEqual(expect.arrayContaining(['400', '401']));
    expect(Object.keys(operation('DELETE', '/api/items/{id}').responses)).toEqual(expect.arrayContaining(['400', '401', '403', '404']));
    expect(Object.keys(operation('POST', '/api/auth/sign-in/email').responses)).toEqual(expect.arrayContaining(['400', '403', '429']));
  });

  it('gives every request body an example its schema accepts, the multipart upload included', () => {
    const bodies = operations().filter(({ op }) => op.requestBody !== undefined);
    expect(bodies.length).toBeGreaterThan(25);
    for (const { call, op } of bodies) {
      const [type, media] = Object.entries(op.requestBody!.content)[0]!;
      expect(media.example ?? media.examples, `${call} (${type}) has an example`).toBeDefined();
    }
    expect(Object.keys(operation('POST', '/api/images').requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    expect(refusedExamples()).toEqual([]);
  });

  it("lists the menu's query parameters, read without a schema on its hot path", () => {
    const names = ((operation('GET', '/api/items') as { parameters?: Array<{ in: string; name: string }> }).parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(names.sort()).toEqual(['category', 'lang', 'perCategory', 'q', 'tags', 'without']);
  });

  it("names the session cookie as Better Auth sets it", async () => {
    const schemes = (doc.components as unknown as { securitySchemes: Record<string, { name?: string }> }).securitySchemes;
    const cookie = customer.cookie.split('=')[0];
    expect(schemes.session!.name).toBe(cookie);
  });

  it("lists Better Auth's calls one by one, with no wildcard template", () => {
    expect(Object.keys(doc.paths).filter((path) => path.includes('*'))).toEqual([]);
    for (const path of ['/api/auth/get-session', '/api/auth/sign-out', '/api/auth/callback/oidc', '/api/auth/update-user']) expect(doc.paths).toHaveProperty([path]);
  });
});

describe('real answers fit the reference', () => {
  it("the menu over a real connection, one dish, the reviews", async () => {
    const menu = await get('/api/items');
    expect(menu.status).toBe(200);
    const items = JSON.parse(menu.body) as Array<{ _id: string }>;
    expect(items.length).toBeGreaterThan(0);
    expectFitsReference('GET', '/api/items', 200, items);
    const one = await t.app.inject({ method: 'GET', url: `/api/items/${items[0]!._id}` });
    expectFitsReference('GET', '/api/items/{id}', 200, one.json());
    expectFitsReference('GET', '/api/review', 200, (await t.app.inject({ method: 'GET', url: '/api/review' })).json());
  });

  it("Better Auth's own answers (sign-up, the session, sign-out), which no serializer checks", async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Ann Answer', email: `answer-${Date.now()}@example.test`, password: 'a long enough pass phrase 42' },
      remoteAddress: testAddress(),
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    expectFitsReference('POST', '/api/auth/sign-up/email', 200, signUp.json());
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: customer.cookie } });
    expect(session.statusCode).toBe(200);
    expectFitsReference('GET', '/api/auth/get-session', 200, session.json());
    expectFitsReference('GET', '/api/auth/get-session', 200, (await t.app.inject({ method: 'GET', url: '/api/auth/get-session' })).json());
  });

  it('a payment intent, the export file, and an error', async () => {
    const [dish] = await menuItemIds(t.app, 1);
    await fillCart(t.app, customer, [dish!.id]);
    const intent = await openIntent(t.app, customer);
    expectFitsReference('POST', '/api/create-payment-intent', 200, intent);
    const exported = await t.app.inject({ method: 'GET', url: '/api/account/export', headers: customer.headers });
    expect(exported.statusCode).toBe(200);
    expectFitsReference('GET', '/api/account/export', 200, JSON.parse(exported.body));
    const refused = await t.app.inject({ method: 'POST', url: '/api/payment', headers: customer.headers, payload: { transactionId: intent.intentId } });
    expect(refused.statusCode).toBe(409);
    // The route's own config.errors puts the 409 in the reference.
    expectFitsReference('POST', '/api/payment', 409, refused.json());
  });
});

describe('GET /api/docs', () => {
  it("is Swagger UI from the shop's own files (no CDN), under the shop's CSP", async () => {
    const page = await get('/api/docs');
    expect(page.status).toBe(200);
    const html = page.body;
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets).toContain('/api/docs/static/swagger-ui-bundle.js');
    expect(assets.filter((a) => /^(https?:)?\/\//.test(a))).toEqual([]);
    for (const asset of assets) expect((await get(asset)).status, asset).toBe(200);
    const initializer = (await get('/api/docs/static/swagger-initializer.js')).body;
    expect(initializer).toContain('/api/openapi.json');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:\/\//);
  });
});
