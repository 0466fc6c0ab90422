import { readFileSync } from 'node:fs';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminMenuItemSchema } from '../../shared/menu.ts';
import { deviceListSchema, profileSchema } from '../../shared/account.ts';
import { cartEntrySchema } from '../../shared/cart.ts';
import { savedAddressListSchema } from '../../shared/saved-addresses.ts';
import { apiErrorSchema } from '../../shared/errors.ts';
import { IMAGE_FIELD } from '../../shared/images.ts';
import { CATEGORIES } from '../../shared/category-list.ts';
import { ALLERGENS, DISH_TAGS } from '../../shared/dish-labels.ts';
import { SEARCH_QUERY_MAX } from '../../shared/menu-search.ts';
import { registerBodyExamples } from './api-examples.ts';
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
  'GET /api/users': 'The accounts, administrators only; searched (q) and paged (page, limit), the matches counted in X-Total-Count',
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
  'GET /api/orders/by-link/:token/events': {
    200: text('text/event-stream', "Server-sent events of the one order the signed link opens, as GET /api/orders/events sends a customer's (no session needed)"),
  },
  'GET /api/menu/events': {
    200: text('text/event-stream', 'Server-sent events: a `menu` event whenever the menu changes (its new ETag as data), so open pages read it again; heartbeats between'),
  },
  'GET /api/admin/items': {
    200: z
      .array(adminMenuItemSchema)
      .describe("Every dish, the hidden ones too (marked `hidden`), in English with each dish's texts in the shop's other languages beside (`translations`): the menu as written from its snapshot"),
  },
  'GET /api/account/export': {
    200: z
      .object({
        exportedAt: z.string(),
        profile: profileSchema,
        devices: deviceListSchema,
        orders: z.array(orderSchema),
        payments: paymentListSchema,
        cart: z.array(cartEntrySchema),
        savedAddresses: savedAddressListSchema,
        reviews: z.array(z.never()),
      })
      .describe("The account's data as a JSON file (Content-Disposition: attachment)"),
  },
  'POST /api/auth/sign-up/email': { 200: z.looseObject({ user: betterAuthUser }).describe('Signed up and in: the session cookie is set') },
  'POST /api/tables/:token/guest': { 200: z.looseObject({ user: betterAuthUser }).describe("A guest at the link's table, signed in: the session cookie is set") },
  'POST /api/auth/sign-in/email': { 200: z.looseObject({ redirect: z.boolean(), user: betterAuthUser }).describe('Signed in: the session cookie is set') },
  'POST /api/auth/sign-in/social': { 200: z.looseObject({ url: z.string(), redirect: z.boolean() }).describe("The identity provider's address to send the browser to") },
  'POST /api/auth/update-user': { 200: z.looseObject({ status: z.boolean() }) },
  'POST /api/auth/change-password': { 200: z.looseObject({ user: betterAuthUser }) },
  'POST /api/auth/reset-password': { 200: z.looseObject({ status: z.boolean() }) },
  'POST /api/auth/callback/oidc': { 302: redirect('the web app, signed in, or the sign-in page with the error') },
  'GET /api/auth/error': { 302: redirect("the social sign-in popup's last page with the error's code when the shop knows it (else `unknown`); no other text of the address") },
  'GET /api/auth/get-session': {
    200: z
      .looseObject({ session: z.looseObject({ id: z.string(), expiresAt: z.string() }), user: betterAuthUser })
      .nullable()
      .describe('The session and its user, or null without a (valid) session cookie'),
  },
  'GET /api/auth/callback/oidc': { 302: redirect('the web app, signed in, or the sign-in page with the error') },
  'POST /api/auth/sign-out': { 200: z.looseObject({ success: z.boolean() }).describe('The session ends and its cookie is cleared') },
};

/**
 * Request bodies that no route schema validates (a multipart upload, a form post, Better Auth's
 * own), by `METHOD url`: their content type, schema and example, for the reference only.
 */
export const BODIES_WITHOUT_VALIDATION: Readonly<Record<string, { contentType: string; schema: Record<string, unknown> }>> = {
  'POST /api/images': {
    contentType: 'multipart/form-data',
    schema: {
      type: 'object',
      required: [IMAGE_FIELD],
      properties: { [IMAGE_FIELD]: { type: 'string', format: 'binary', description: 'The picture: JPEG, PNG or WebP' } },
      examples: [{ [IMAGE_FIELD]: '(the bytes of dish.jpg)' }],
    },
  },
  'POST /api/auth/callback/oidc': {
    contentType: 'application/x-www-form-urlencoded',
    schema: {
      type: 'object',
      properties: { state: { type: 'string' }, code: { type: 'string' } },
      examples: [{ state: 'b9f1c2d3', code: 'a1b2c3d4' }],
    },
  },
};

/**
 * Query parameters that a route reads without a schema (the menu's, on its hot path, checked by
 * hand in src/server/menu/menu-routes.ts), by `METHOD url`: their JSON schema, for the reference only.
 */
export const QUERIES_WITHOUT_VALIDATION: Readonly<Record<string, Record<string, unknown>>> = {
  'GET /api/items': {
    type: 'object',
    properties: {
      category: { type: 'string', enum: [...CATEGORIES], description: "That category's dishes alone, in the menu's order" },
      perCategory: { type: 'integer', minimum: 1, maximum: 12, description: 'The first dishes of each category (not with category)' },
      q: { type: 'string', maxLength: SEARCH_QUERY_MAX, description: 'Search the menu, best first (not with category or perCategory)' },
      tags: { type: 'string', description: `With q: keep the dishes with every tag named, comma-separated (${DISH_TAGS.join(', ')})` },
      without: { type: 'string', description: `With q: drop the dishes containing any allergen named, comma-separated (${ALLERGENS.join(', ')})` },
      lang: {
        type: 'string',
        description:
          "The dishes' language (a code such as de), before the `lang` cookie and Accept-Language; each dish's own text where it has none there, English by default. A search also finds a dish by its English words",
      },
    },
  },
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
  interface FastifyContextConfig {
    /**
     * The 4xx answers a route gives besides those the reference derives from the route itself
     * (400, and 401, 403, 404, 413, 429 where its guard, parameters, body or limit can give them):
     * status and when.
     */
    errors?: Readonly<Record<number, string>>;
    /** Better Auth's own calls, which read the session cookie only (a bearer token is not enough). */
    sessionCookieOnly?: boolean;
  }
}

const zodToOpenApi = createJsonSchemaTransform({});

/** The shop's error shape, once in the document's components (`ApiError`), referred to by every 4xx. */
const ERROR_ANSWER = apiErrorSchema.meta({
  id: 'ApiError',
  description: 'An error: 400 (with `fieldErrors` by field), 401 not signed in, 403 not allowed, 404, 405 (with Allow), 409 with the reason, 413, 414, 429 with Retry-After, 431',
});

/** What the reference derives from a route as declared (its guard, limits, body), by `METHOD url`. */
interface RouteTraits {
  guard?: 'user' | 'admin' | 'staff';
  rateLimited: boolean;
  crossSiteGuarded: boolean;
  hasParams: boolean;
  hasBody: boolean;
  errors: Readonly<Record<number, string>>;
  sessionCookieOnly: boolean;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Path parameters that the document names otherwise, so that routes differing only in a
 * parameter's name (the spec's `/users/admin/:email` and `/users/admin/:id`) share one template.
 */
const DOCUMENTED_PARAMETERS: Readonly<Record<string, { from: string; to: string; description: string }>> = {
  '/api/users/admin/:email': { from: 'email', to: 'account', description: "The account's e-mail (GET: only the caller's own)" },
  '/api/users/admin/:id': { from: 'id', to: 'account', description: "The account's id (PATCH, DELETE)" },
};

/** Fastify's `/a/:id` as the document writes it, `/a/{id}`: one template per path, no wildcard. */
export function openApiPath(url: string): string {
  const renamed = DOCUMENTED_PARAMETERS[url];
  const documented = renamed ? url.replace(`:${renamed.from}`, `:${renamed.to}`) : url;
  return documented.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The route's parameter schema with the parameter renamed as DOCUMENTED_PARAMETERS says. */
function renameParameter(url: string, params: unknown): unknown {
  const renamed = DOCUMENTED_PARAMETERS[url];
  const schema = params as { properties?: Record<string, object>; required?: string[] } | undefined;
  if (!renamed || !schema?.properties?.[renamed.from]) return params;
  const { [renamed.from]: moved, ...rest } = schema.properties;
  return {
    ...schema,
    properties: { ...rest, [renamed.to]: { ...moved, description: renamed.description } },
    required: schema.required?.map((name) => (name === renamed.from ? renamed.to : name)),
  };
}

/** `GET /api/orders/{id}` → `getOrdersById`: unique as method and path are, and never hand-kept. */
export function operationIdOf(method: string, url: string): string {
  const words = openApiPath(url)
    .replace(/^\/api\//, '')
    .split(/[/.\-_]+/)
    .filter(Boolean)
    .map((word) => (word.startsWith('{') ? `by-${word.slice(1, -1)}` : word))
    .flatMap((word) => word.split('-'));
  const camel = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  return `${method.toLowerCase()}${camel}`;
}

/** The 4xx answers every call may give, and those its traits add, each with its reason. */
function clientErrorsOf(method: string, traits: RouteTraits | undefined): Record<number, string> {
  const errors: Record<number, string> = {
    400: 'A malformed address, or a parameter, query or body that fails its schema (`fieldErrors` by field)',
  };
  if (!traits) return errors;
  if (traits.guard) errors[401] = 'Not signed in, or the sign-in has ended';
  if (traits.guard === 'admin') errors[403] = 'Only an administrator may do this';
  else if (traits.guard === 'staff') errors[403] = "Only the restaurant's staff may do this";
  if (traits.crossSiteGuarded) errors[403] ??= "Sent by another site's page (Sec-Fetch-Site or an Origin other than the shop's)";
  if (traits.hasParams) errors[404] = 'Nothing has this id';
  if (traits.hasBody && WRITE_METHODS.has(method)) errors[413] = 'The body is over its limit';
  if (traits.rateLimited) errors[429] = 'Too many requests from here: wait as many seconds as Retry-After says';
  return { ...errors, ...traits.errors };
}

/**
 * Each call's operationId, tags, security and 4xx answers, derived from the route as declared
 * (its guard, parameters, body, rate limit and `config.errors`), so they cannot drift from it.
 */
function describeOperation(method: string, url: string, traits: RouteTraits | undefined, schema: Record<string, unknown>): Record<string, unknown> {
  const key = `${method} ${url}`;
  const specSummary = SPEC_CALLS[key];
  const segment = url.split('/')[2] ?? 'api';
  const operation: Record<string, unknown> = { ...schema, operationId: operationIdOf(method, url) };
  if (specSummary) {
    operation.tags = ['spec'];
    operation['x-spec'] = true;
    operation.summary ??= specSummary;
  } else {
    operation.tags ??= [TAG_OF_SEGMENT[segment] ?? segment];
  }
  // Bearer or cookie where a guard checks the caller; the cookie alone for Better Auth's own calls.
  operation.security = traits?.sessionCookieOnly ? [{ session: [] }] : traits?.guard ? [{ bearer: [] }, { session: [] }] : [];
  // Fastify's `response` (the swagger plugin turns it into `responses`): each 4xx with its reason.
  const responses = { ...(operation.response as Record<string, unknown>) };
  for (const [status, reason] of Object.entries(clientErrorsOf(method, traits))) {
    responses[status] = { description: reason, content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } };
  }
  operation.response = responses;
  return operation;
}

/**
 * The document without the `…Input` twins of components that no call reads (the Zod transform
 * makes one per registered schema, the error shape's included), which linters rightly call unused.
 */
function withoutUnusedInputs(document: Record<string, unknown>): Record<string, unknown> {
  const components = document.components as { schemas?: Record<string, unknown> } | undefined;
  if (!components?.schemas) return document;
  const text = JSON.stringify({ ...document, components: { ...components, schemas: undefined } });
  const schemas = Object.fromEntries(
    Object.entries(components.schemas).filter(([name]) => !name.endsWith('Input') || text.includes(`"#/components/schemas/${name}"`)),
  );
  return { ...document, components: { ...components, schemas } };
}

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

const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  spec: "The specification's calls (docs/product.md §7)",
  menu: 'The dishes, their images and the menu as it changes',
  reviews: "The guests' reviews",
  auth: "Signing up and in (Better Auth's calls the shop passes on), the captcha and the bearer token",
  users: 'The accounts, for administrators',
  account: "The signed-in customer's own account: profile, devices, export, deletion",
  cart: "The caller's cart",
  favourites: "The caller's favourite dishes",
  payments: 'Card payments and their return',
  orders: "Orders: the customer's own, and the staff's board",
  admin: "The administrators' statistics, exports, refunds, tables and promo codes",
  settings: "The restaurant's settings",
  tables: "The table a table's QR code opens (the owner's list of tables is under admin)",
};

/** The shop's version (package.json), the document's `info.version`. */
const SHOP_VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const API_DESCRIPTION = [
  "The web shop's HTTP API, generated from the Zod schemas its routes validate and answer with. Calls tagged **spec** are",
  "the specification's; the others are the shop's own. Money is in dollars in answers, computed by the server.",
  "An order's and a payment's `taxes` are the server's, per rate, kept from the moment the payment was opened (docs/product.md §28).",
  "A tip is sent as a choice (`tip` of `POST /api/create-payment-intent`), never an amount: the server computes it and answers it as `tip`, inside the payment's `amount` and the order's `total`, with the `tipOffer` the page may show (docs/product.md §29).",
  "A payment's and an order's `discount` is the promo code's (`promoCode`), priced by the server, never by the body (docs/product.md §30).",
  '',
  '**Signing in.** `POST /api/auth/sign-up/email` and `POST /api/auth/sign-in/email` set the session cookie (scheme `session`,',
  'its name below). Every call that names the scheme `bearer` also takes `Authorization: Bearer <token>` with the token of',
  "`POST /api/jwt`; Better Auth's own calls (`update-user`, `change-password`, `get-session`, `sign-out`) read the cookie only.",
  'A client that is not a browser keeps the cookie from `Set-Cookie` and sends it back in `Cookie`.',
  '',
  "**Writes from outside a browser.** A write (POST, PATCH, PUT, DELETE) with an `Origin` header must name the shop's own",
  'origin (its public address), else it is refused with 403; a write without `Origin` and without `Sec-Fetch-Site: cross-site`',
  '(curl, a server) is accepted and goes on to its own checks.',
  '',
  '**Errors.** Every 4xx and 5xx answer, the framework\'s own included, has the shape `ApiError`; a wrong method answers',
  '405 with `Allow`, a too long address or parameter 414, too large headers 431.',
].join('\n');

/**
 * Generated from the routes' own Zod schemas, Swagger UI served from the package (no CDN).
 * Register before the routes: it collects them as they are declared. Nothing runs per request.
 */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  const apiRoutes: ApiRoute[] = [];
  const traits = new Map<string, RouteTraits>();
  app.decorate('apiRoutes', apiRoutes);
  const guards = new Map<unknown, RouteTraits['guard']>([
    [app.requireUser, 'user'],
    [app.requireAdmin, 'admin'],
    [app.requireStaff, 'staff'],
  ]);
  // After the cross-site and sign-in guards' own onRoute hooks (registered earlier), which have
  // moved the guards to onRequest: what the route does is read from its hooks as they run.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const hidden = (route.schema as { hide?: boolean } | undefined)?.hide === true;
    if (!route.url.startsWith('/api/') || hidden) return;
    const hooks = [route.onRequest, route.preValidation, route.preHandler].flat().filter((hook) => hook !== undefined);
    const guard = hooks.map((hook) => guards.get(hook)).find((found) => found !== undefined);
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    for (const method of methods) {
      if (method === 'HEAD') continue;
      apiRoutes.push({ method, url: route.url });
      traits.set(`${method} ${route.url}`, {
        ...(guard ? { guard } : {}),
        rateLimited: Boolean(route.config?.rateLimit),
        crossSiteGuarded: WRITE_METHODS.has(method) && !route.config?.allowCrossSite,
        hasParams: route.url.includes(':'),
        hasBody: schema.body !== undefined || BODIES_WITHOUT_VALIDATION[`${method} ${route.url}`] !== undefined,
        errors: route.config?.errors ?? {},
        sessionCookieOnly: route.config?.sessionCookieOnly === true,
      });
    }
  });

  registerBodyExamples();
  // Better Auth's session cookie as it names it (prefix, and __Secure- in production).
  const cookieName = (await app.auth.$context).authCookies.sessionToken.name;

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Raw Roots shop API',
        version: SHOP_VERSION,
        description: API_DESCRIPTION,
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        contact: { name: 'Raw Roots', url: app.config.publicOrigin },
      },
      servers: [{ url: '/', description: 'The shop that serves this document' }],
      tags: Object.entries(TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token of POST /api/jwt' },
          session: { type: 'apiKey', in: 'cookie', name: cookieName, description: 'The session cookie that signing up or in sets' },
        },
      },
    },
    transform: (input) => {
      const method = [input.route.method].flat().find((m) => m !== 'HEAD') ?? 'GET';
      const key = `${method} ${input.url}`;
      // The route's schema object is copied, never changed.
      const declared = (input.schema ?? {}) as Record<string, unknown> & { response?: Record<string, unknown> };
      const response = { ...ANSWERS_WITHOUT_SERIALIZER[key], ...declared.response, default: ERROR_ANSWER };
      const { schema } = zodToOpenApi({ ...input, schema: { ...declared, response } });
      const converted = { ...schema, params: renameParameter(input.url, (schema as { params?: unknown }).params) } as Record<string, unknown>;
      if (converted.params === undefined) delete converted.params;
      const unvalidated = BODIES_WITHOUT_VALIDATION[key];
      if (unvalidated) Object.assign(converted, { body: unvalidated.schema, consumes: [unvalidated.contentType] });
      if (QUERIES_WITHOUT_VALIDATION[key]) converted.querystring = QUERIES_WITHOUT_VALIDATION[key];
      const described = describeOperation(method, input.url, traits.get(key), converted);
      return { schema: described as typeof schema, url: openApiPath(input.url) };
    },
    transformObject: (input) => withoutUnusedInputs(jsonSchemaTransformObject(input) as Record<string, unknown>) as never,
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
