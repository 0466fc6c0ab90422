import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountRoutes } from './account/account-routes.ts';
import { accountsPlugin } from './account/accounts-plugin.ts';
import { authPlugin } from './auth/auth-plugin.ts';
import { authRoutes } from './auth/auth-routes.ts';
import { databaseRateLimitStore } from './auth/rate-limit-store.ts';
import { cartPlugin } from './cart/cart-plugin.ts';
import { cartRoutes } from './cart/cart-routes.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { databasePlugin } from './db/database-plugin.ts';
import { eventsPlugin } from './events/events-plugin.ts';
import { addressesPlugin } from './addresses/addresses-plugin.ts';
import { addressesRoutes } from './addresses/addresses-routes.ts';
import { promotionsPlugin } from './promotions/promotions-plugin.ts';
import { promotionsRoutes } from './promotions/promotions-routes.ts';
import { favouritesPlugin } from './favourites/favourites-plugin.ts';
import { favouritesRoutes } from './favourites/favourites-routes.ts';
import { answersPlugin } from './http/answers-plugin.ts';
import { apiReferencePlugin } from './http/api-reference.ts';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors.ts';
import { SMALL_BODY_LIMIT } from './http/body-limits.ts';
import { httpPlugin } from './http/http-plugin.ts';
import { lazyChildLoggerFactory } from './http/lazy-child-logger.ts';
import { imageRoutes } from './images/image-routes.ts';
import { imagesPlugin } from './images/images-plugin.ts';
import { mailPlugin, orderMailsPlugin } from './mail/mail-plugin.ts';
import { menuPlugin } from './menu/menu-plugin.ts';
import { menuRoutes } from './menu/menu-routes.ts';
import { loggingOptions } from './ops/logging.ts';
import { opsPlugin } from './ops/ops-plugin.ts';
import { orderRoutes } from './orders/order-routes.ts';
import { orderStreamsPlugin, ordersPlugin } from './orders/orders-plugin.ts';
import { staffOrderRoutes } from './orders/staff-order-routes.ts';
import { adminOrderRoutes } from './orders/admin-order-routes.ts';
import { webAppPlugin } from './pages/web-app.ts';
import { paymentReturnRoutes } from './payments/payment-return-routes.ts';
import { paymentRoutes } from './payments/payment-routes.ts';
import { paymentProviderPlugin, paymentsPlugin } from './payments/payments-plugin.ts';
import { printersPlugin } from './printers/printers-plugin.ts';
import { printerRoutes } from './printers/printers-routes.ts';
import { tablesPlugin } from './tables/tables-plugin.ts';
import { tablesRoutes } from './tables/tables-routes.ts';
import { StripeProvider } from './payments/stripe-provider.ts';
import { stripeWebhookRoutes } from './payments/stripe-webhook-routes.ts';
import { reviewRoutes } from './reviews/review-routes.ts';
import { reviewsPlugin } from './reviews/reviews-plugin.ts';
import { settingsPlugin } from './settings/settings-plugin.ts';
import { settingsRoutes } from './settings/settings-routes.ts';
import { statsPlugin } from './stats/stats-plugin.ts';
import { statsRoutes } from './stats/stats-routes.ts';
import { layerOn } from './speed-layers.ts';
import { userRoutes } from './users/user-routes.ts';
import { usersPlugin } from './users/users-plugin.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_WEB_DIR = path.join(projectRoot, 'dist/web');

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** The built web app; tests of the API alone pass a folder without one. */
  webDir?: string;
  logger?: boolean;
  /** Where the log's JSON lines go instead of standard output (a test reads them). */
  logStream?: { write(line: string): void };
}

/**
 * Builds the whole shop (API and web app) from its plugins, each declaring the plugins it needs
 * and decorating what it makes (docs/decisions/0041-app-as-plugins.md). Tests build it the same way.
 * The order is the order of their hooks: keep it.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const logging = loggingOptions(config);
  const app = Fastify({
    // Operations (src/server/ops): readable or JSON lines without secrets, one per request, request ids.
    ...logging,
    logger: options.logger === false ? false : options.logStream ? { ...(logging.logger as object), transport: undefined, stream: options.logStream } : logging.logger,
    // Each request's child logger is made only when the request writes a line.
    ...(layerOn('lazy-child-logger') ? { childLoggerFactory: lazyChildLoggerFactory } : {}),
    // Small for every route; the menu's item routes raise it to BODY_LIMIT (http/body-limits.ts).
    bodyLimit: SMALL_BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    // A client that trickles its request cannot hold a connection: the whole request must arrive in time.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    // Ids in URLs are short; a longer parameter is an attack, not a request.
    routerOptions: { maxParamLength: 200 },
    // The framework's own refusals (a bad URL, a long parameter, headers too large) in the API's error shape.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  // Node looks for overdue requests every 30 s by default, so a trickling client could outlive the
  // timeout by that much: look four times per timeout instead.
  (app.server as typeof app.server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.min(30_000, Math.ceil(config.REQUEST_TIMEOUT_MS / 4));
  // Every socket holds a file: past the open-files limit no client, /healthz's included, would get in.
  // The event streams stop well below this (STREAMS_MAX), so other requests keep a share.
  app.server.maxConnections = config.MAX_CONNECTIONS;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(databasePlugin, { config, database });
  // The cross-site guard, before the sign-in guards of authPlugin (both are added to routes as declared).
  await app.register(httpPlugin);
  // Metrics, health and the request id: before any route, so that each is counted.
  await app.register(opsPlugin);
  await app.register(eventsPlugin);
  await app.register(menuPlugin);
  await app.register(cartPlugin);
  await app.register(reviewsPlugin);
  await app.register(settingsPlugin);
  await app.register(paymentProviderPlugin);
  await app.register(ordersPlugin);
  await app.register(printersPlugin);
  await app.register(tablesPlugin);
  await app.register(promotionsPlugin);
  await app.register(paymentsPlugin);
  await app.register(orderStreamsPlugin);
  await app.register(mailPlugin);
  await app.register(accountsPlugin);
  await app.register(orderMailsPlugin);
  await app.register(answersPlugin);
  // Sign-in; on PostgreSQL its answers wait for their notices, after the security headers are set.
  await app.register(authPlugin);
  await app.register(favouritesPlugin);
  await app.register(addressesPlugin);
  await app.register(imagesPlugin);
  await app.register(statsPlugin);
  await app.register(usersPlugin);
  await app.register(fastifyCompress, { threshold: 1024 });
  // Off by default: each route that needs a limit (sign-in, sign-up, captcha, token) sets its own.
  // Counters live in the database, shared by every process of the shop.
  await app.register(fastifyRateLimit, { global: false, store: databaseRateLimitStore(database.db) });
  // The API reference (/api/docs, /api/openapi.json): before the routes, which it collects as they are declared.
  await app.register(apiReferencePlugin);

  await app.register(
    async (api) => {
      await api.register(menuRoutes);
      await api.register(reviewRoutes);
      await api.register(imageRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(accountRoutes);
      await api.register(cartRoutes);
      await api.register(favouritesRoutes);
      await api.register(addressesRoutes);
      await api.register(paymentRoutes);
      await api.register(paymentReturnRoutes);
      await api.register(orderRoutes);
      await api.register(staffOrderRoutes);
      await api.register(adminOrderRoutes);
      await api.register(printerRoutes);
      await api.register(tablesRoutes);
      await api.register(promotionsRoutes);
      await api.register(statsRoutes);
      await api.register(settingsRoutes);
      if (app.paymentProvider instanceof StripeProvider) await api.register(stripeWebhookRoutes(app.paymentProvider));
    },
    { prefix: '/api' },
  );

  // Last: its not-found answer takes whatever no route above took.
  await app.register(webAppPlugin, { webDir: options.webDir ?? DEFAULT_WEB_DIR });
  return app;
}
