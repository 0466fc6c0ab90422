import { readFileSync } from 'node:fs';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { menuItemSchema } from '../../shared/menu.ts';
import { deviceListSchema, profileSchema } from '../../shared/account.ts';
import { cartEntrySchema } from '../../shared/cart.ts';
import { apiErrorSchema } from '../../shared/errors.ts';
import { orderSchema } from '../../shared/orders.ts';
import { paymentListSchema } from '../../shared/payments.ts';

/** Where the reference is served: the interactive page, and the document itself. */
export const API_DOCS_PATH = '/api/docs';
export const OPENAPI_PATH = '/api/openapi.json';

/**
 * The calls of the shop's specification (docs/product.md §7), by method and Fastify path, with
 * the summary the reference shows. They carry the tag `spec` and `x-spec: true`; the shop's own
 * calls (orders, accounts, the board…) are tagged by their first path segment.
 */
export const SPEC_CALLS: Readonly<Record<string, string>> = {
  'POST /api/jwt': 'A bearer token for the signed-in account (the spec stores it locally)',
  'GET /api/users/admin/:email': 'Whether this account is an administrator ({ admin })',
  'GET /api/cart': "The caller's cart entries (the badge counts them)",
  'POST /api/cart': 'Put a dish in the cart ({ insertedId })',
  'DELETE /api/cart/:id': 'Take an entry out of the cart ({ deletedCount })',
  'GET /api/review': 'The reviews',
  'GET /api/items': 'The menu, from its snapshot with ETag and 304',
  'GET /api/items/:id': 'One dish',
  'POST /api/items': 'Add a dish, administrators only ({ insertedId })',
  'PATCH /api/items/:id': 'Change a dish, administrators only ({ success, modifiedCount })',
  'DELETE /api/items/:id': 'Delete a dish, administrators only ({ deletedCount })',
  'POST /api/users': 'Record the account after sign-up or social sign-in',
  'GET /api/users': 'The accounts, administrators only',
  'PATCH /api/users/admin/:id': 'Make an account administrator',
  'DELETE /api/users/admin/:id': 'Delete an account, administrators only ({ deletedCount })',
  'POST /api/create-payment-intent': "Open the cart's payment ({ clientSecret, … })",
  'POST /api/payment': 'Record a paid intent ({ result: { insertedId } })',
  'GET /api/admin-statistics': 'users, estimatedItems, revenue, orders; administrators only',
  'POST /api/images': "Upload a dish's image (the spec's image host: { success, data: { display_url } })",
};

const betterAuthUser = z.looseObject({ id: z.string(), email: z.string(), name: z.string(), emailVerified: z.boolean() });
const redirect = (where: string) => z.null().describe(`Found: ${where} (Location header)`);
const text = (contentType: string, description: string, format?: 'binary') => ({
  description,
  content: { [contentType]: { schema: format ? z.string().meta({ format }) : z.string() } },
});

/**
 * Answers Fastify doesn't serialize (images, CSV, streams, the export, Better Auth's own), so no
 * route schema describes them. Better Auth's get no response schema, which would drop or refuse
 * a newer version's fields; test/api-reference.test.ts checks real answers against these.
 */
export const ANSWERS_WITHOUT_SERIALIZER: Readonly<Record<string, Record<string, unknown>>> = {
  'GET /api/images/:file': { 200: text('image/webp', 'The image, cached for a year (its bytes never change under its id)', 'binary') },
  'GET /api/admin/orders.csv': { 200: text('text/csv', "The period's orders, one per line (Content-Disposition: attachment)") },
  'GET /api/orders/events': {
    200: text('text/event-stream', "Server-sent events: each `order` event's data is an order as GET /api/orders/{id} answers it; `retry` and heartbeats between"),
  },
  'GET /api/menu/events': {
    200: text('text/event-stream', 'Server-sent events: a `menu` event whenever the menu changes (its new ETag as data), so open pages read it again; heartbeats between'),
  },
  'GET /api/admin/items': { 200: z.array(menuItemSchema).describe('Every dish, the hidden ones too (marked `hidden`): the menu as written from its snapshot') },
  'GET /api/account/export': {
    200: z
      .object({
        exportedAt: z.string(),
        profile: profileSchema,
        devices: deviceListSchema,
        orders: z.array(orderSchema),
        payments: paymentListSchema,
        cart: z.array(cartEntrySchema),
        reviews: z.array(z.never()),
      })
      .describe("The account's data as a JSON file (Content-Disposition: attachment)"),
  },
  'POST /api/auth/sign-up/email': { 200: z.looseObject({ user: betterAuthUser }).describe('Signed up and in: the session cookie is set') },
  'POST /api/auth/sign-in/email': { 200: z.looseObject({ redirect: z.boolean(), user: betterAuthUser }).describe('Signed in: the session cookie is set') },
  'POST /api/auth/sign-in/social': { 200: z.looseObject({ url: z.string(), redirect: z.boolean() }).describe("The identity provider's address to send the browser to") },
  'POST /api/auth/update-user': { 200: z.looseObject({ status: z.boolean() }) },
  'POST /api/auth/change-password': { 200: z.looseObject({ user: betterAuthUser }) },
  'POST /api/auth/reset-password': { 200: z.looseObject({ status: z.boolean() }) },
  'POST /api/auth/callback/oidc': { 302: redirect('the web app, signed in, or the sign-in page with the error') },
  'GET /api/auth/error': { 302: redirect("the social sign-in popup's last page with the error's code when the shop knows it (else `unknown`); no other text of the address") },
  'GET /api/auth/*': {
    200: z
      .looseObject({ session: z.looseObject({ id: z.string(), expiresAt: z.string() }), user: betterAuthUser })
      .nullable()
      .describe('`get-session`: the session and its user, or null. The other path passed on to Better Auth: `callback/oidc` (a redirect)'),
    302: redirect('after `callback/oidc`'),
  },
  'POST /api/auth/*': { 200: z.looseObject({ success: z.boolean() }).describe('`sign-out`: the session ends and its cookie is cleared') },
};

/** A route as the reference must list it. */
export interface ApiRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route under /api as registered (Fastify's onRoute), but for the reference's own: what
     * the document must cover (test/api-reference.test.ts compares the two).
     */
    apiRoutes: readonly ApiRoute[];
  }
}

const zodToOpenApi = createJsonSchemaTransform({});

/** The shop's error shape, once in the document's components (`ApiError`), referred to by every call. */
const ERROR_ANSWER = apiErrorSchema.meta({
  id: 'ApiError',
  description: 'An error: 400 (with `fieldErrors` by field), 401 not signed in, 403 not allowed, 404, 409 with the reason, 413, 429 with Retry-After',
});

/** The reference's sections: a call's first path segment, or the feature it belongs to. */
const TAG_OF_SEGMENT: Readonly<Record<string, string>> = {
  items: 'menu',
  slots: 'orders',
  review: 'reviews',
  images: 'menu',
  'auth-providers': 'auth',
  captcha: 'auth',
  jwt: 'auth',
  payment: 'payments',
  'create-payment-intent': 'payments',
  sandbox: 'payments',
  stripe: 'payments',
  staff: 'orders',
  'admin-statistics': 'admin',
};

/** The shop's version (package.json), the document's `info.version`. */
const SHOP_VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * Generated from the routes' own Zod schemas, Swagger UI served from the package (no CDN).
 * Register before the routes: it collects them as they are declared. Nothing runs per request.
 */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const hidden = (route.schema as { hide?: boolean } | undefined)?.hide === true;
    if (!route.url.startsWith('/api/') || hidden) return;
    for (const method of methods) if (method !== 'HEAD') apiRoutes.push({ method, url: route.url });
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Raw Roots shop API',
        version: SHOP_VERSION,
        description:
          'The web shop\'s HTTP API, generated from the Zod schemas its routes validate and answer with. Calls tagged **spec** are ' +
          "the specification's; the others are the shop's own. Sign in with a session cookie (the web app's) or a bearer token " +
          'from `POST /api/jwt`. Money is in dollars in answers, computed by the server.',
      },
      tags: [{ name: 'spec', description: "The specification's calls (docs/product.md §7)" }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'The token of POST /api/jwt' },
          session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token', description: "The web app's session cookie" },
        },
      },
    },
    transform: (input) => {
      const method = [input.route.method].flat().find((m) => m !== 'HEAD') ?? 'GET';
      const key = `${method} ${input.url}`;
      // Every call may answer the shop's error shape (src/shared/errors.ts); the route's own
      // answers come first. The route's schema object is copied, never changed.
      const declared = (input.schema ?? {}) as Record<string, unknown> & { response?: Record<string, unknown> };
      const response = { ...ANSWERS_WITHOUT_SERIALIZER[key], ...declared.response, default: ERROR_ANSWER };
      const { schema, url } = zodToOpenApi({ ...input, schema: { ...declared, response } });
      const specSummary = SPEC_CALLS[key];
      const segment = input.url.split('/')[2] ?? 'api';
      const tag = TAG_OF_SEGMENT[segment] ?? segment;
      const marked = { ...schema } as Record<string, unknown>;
      if (specSummary) {
        marked.tags = ['spec'];
        marked['x-spec'] = true;
        marked.summary ??= specSummary;
      } else {
        marked.tags ??= [tag];
      }
      return { schema: marked as typeof schema, url };
    },
    transformObject: jsonSchemaTransformObject,
  });

  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    // The document is fetched from the shop itself; no validator badge (it would call swagger.io).
    // BaseLayout: no top bar with an address field (the page documents this shop, nothing else).
    uiConfig: { url: OPENAPI_PATH, layout: 'BaseLayout', validatorUrl: null, deepLinking: true, docExpansion: 'list', tryItOutEnabled: false },
    theme: { title: 'Raw Roots shop API' },
    logLevel: 'warn',
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
}

/** registerApiReference as a plugin of src/server/app.ts, before the routes it collects. */
export const apiReferencePlugin = fp(async (app: FastifyInstance) => registerApiReference(app), { name: 'api-reference', fastify: '5.x' });
