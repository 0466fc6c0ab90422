import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { accountRoutes } from './account/account-routes.ts';
import { AccountService } from './account/account-service.ts';
import { AccessTokens } from './auth/access-token.ts';
import { createAuth } from './auth/auth-instance.ts';
import { authRoutes } from './auth/auth-routes.ts';
import { resolveAuthSecret } from './auth/auth-secret.ts';
import { registerAuthentication } from './auth/authenticate.ts';
import { SessionCache } from './auth/session-cache.ts';
import { databaseRateLimitStore } from './auth/rate-limit-store.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle, DbKind } from './db/database.ts';
import type { Database } from './db/schema.ts';
import { createEventBus, type EventBus } from './events/event-bus.ts';
import { SMALL_BODY_LIMIT } from './http/body-limits.ts';
import { registerApiReference } from './http/api-reference.ts';
import { registerCrossSiteGuard } from './http/cross-site-guard.ts';
import { registerErrorHandler } from './http/errors.ts';
import { lazyChildLoggerFactory } from './http/lazy-child-logger.ts';
import { registerNulRefusal } from './http/refuse-nul.ts';
import { registerRequestDeadline } from './http/request-deadline.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { KeptAnswers, registerKeptAnswers } from './http/kept-answers.ts';
import { registerSnapshotAnswers, type SnapshotAnswers } from './http/snapshot-answer.ts';
import { registerWebApp } from './pages/web-app.ts';
import { imageRoutes } from './images/image-routes.ts';
import { MailQueue } from './mail/mail-queue.ts';
import { createMailTransport } from './mail/mail-transport.ts';
import { subscribeOrderMails } from './mail/order-mails.ts';
import { cartRoutes } from './cart/cart-routes.ts';
import { subscribeCartToMenu } from './cart/cart-service.ts';
import { favouritesRoutes } from './favourites/favourites-routes.ts';
import { MenuCatalog } from './menu/menu-service.ts';
import { menuRoutes } from './menu/menu-routes.ts';
import { registerHealth, type Health } from './ops/health.ts';
import { loggingOptions, registerRequestIdHeader } from './ops/logging.ts';
import { registerMetrics } from './ops/metrics.ts';
import { OrderHub } from './orders/order-hub.ts';
import { orderRoutes } from './orders/order-routes.ts';
import { OrderService } from './orders/order-service.ts';
import { OrderStreams } from './orders/order-stream.ts';
import { staffOrderRoutes } from './orders/staff-order-routes.ts';
import { createPaymentProvider } from './payments/create-payment-provider.ts';
import { PaymentService } from './payments/payment-service.ts';
import { paymentRoutes } from './payments/payment-routes.ts';
import { paymentReturnRoutes } from './payments/payment-return-routes.ts';
import { StripeProvider } from './payments/stripe-provider.ts';
import { stripeWebhookRoutes } from './payments/stripe-webhook-routes.ts';
import { ReviewCatalog } from './reviews/review-catalog.ts';
import { reviewRoutes } from './reviews/review-routes.ts';
import { ShopSettings } from './settings/settings-service.ts';
import { settingsRoutes } from './settings/settings-routes.ts';
import { statsRoutes } from './stats/stats-routes.ts';
import { layerOn } from './speed-layers.ts';
import { userRoutes } from './users/user-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    dbKind: DbKind;
    events: EventBus;
    menu: MenuCatalog;
    /** The reviews' snapshot (src/server/reviews/review-catalog.ts). */
    reviews: ReviewCatalog;
    /** The one writer of the public reads' snapshots, for their routes (http/snapshot-answer.ts). */
    answers: SnapshotAnswers;
    /** A signed-in customer's own reads, kept until what they show is written (http/kept-answers.ts). */
    keptAnswers: KeptAnswers;
    payments: PaymentService;
    orders: OrderService;
    orderHub: OrderHub;
    /** The open order streams: their heartbeat, and their end when the app closes. */
    orderStreams: OrderStreams;
    /** The durable mail queue and its worker (src/server/mail/mail-queue.ts). */
    mail: MailQueue;
    /** The account's rules: mailed links, profile, devices, export, deletion. */
    accounts: AccountService;
    /** The restaurant's settings: hours, pause, ways of fulfilment, delivery terms, time zone. */
    settings: ShopSettings;
    /** Readiness and draining (src/server/ops/health.ts). */
    health: Health;
  }
}

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_WEB_DIR = path.join(projectRoot, 'dist/web');

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** The built web app; tests of the API alone pass a folder without one. */
  webDir?: string;
  logger?: boolean;
}

/** Builds the whole shop (API and web app) from its parts. Tests build it the same way. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const logging = loggingOptions(config);
  const app = Fastify({
    // Operations (src/server/ops): readable or JSON lines without secrets, one per request, request ids.
    ...logging,
    logger: options.logger === false ? false : logging.logger,
    // Each request's child logger is made only when the request writes a line.
    ...(layerOn('lazy-child-logger') ? { childLoggerFactory: lazyChildLoggerFactory } : {}),
    // Small for every route; the menu's item routes raise it to BODY_LIMIT (http/body-limits.ts).
    bodyLimit: SMALL_BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    // A client that trickles its request cannot hold a connection: the whole request must arrive in time.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    // Ids in URLs are short; a longer parameter is an attack, not a request.
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  // Node looks for overdue requests every 30 s by default, so a trickling client could outlive the
  // timeout by that much: look four times per timeout instead.
  (app.server as typeof app.server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.min(30_000, Math.ceil(config.REQUEST_TIMEOUT_MS / 4));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestDeadline(app, config.REQUEST_TIMEOUT_MS);
  registerNulRefusal(app);
  // First of the guards that routes get as they are declared: a cross-site write is refused before
  // anyone is looked up (the sign-in guards come next, before the body is read).
  registerCrossSiteGuard(app, () => (config.PUBLIC_URL ? [new URL(config.PUBLIC_URL).origin] : []));

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  // Operations (src/server/ops), before any route so that each is counted: metrics (only with
  // METRICS_TOKEN), /healthz and /readyz, the request id header.
  registerMetrics(app, database);
  app.decorate('health', registerHealth(app));
  registerRequestIdHeader(app);
  const events = await createEventBus(database, app.log);
  app.decorate('events', events);
  app.decorate('menu', new MenuCatalog(database.db, events));
  // A dish deleted from the menu leaves the carts that held it, each customer told its name.
  subscribeCartToMenu(app.menu);
  app.decorate('reviews', new ReviewCatalog(database.db, events));
  app.addHook('onClose', async () => events.close());
  const settings = new ShopSettings({ db: database.db, events, defaultTimeZone: config.SHOP_TIME_ZONE, log: app.log });
  await settings.reload();
  app.decorate('settings', settings);
  const paymentProvider = createPaymentProvider(config, database.db);
  const orders = new OrderService({ db: database.db, databaseKind: database.kind, events, provider: paymentProvider, timeZone: () => settings.timeZone(), log: app.log });
  app.decorate('orders', orders);
  const payments = new PaymentService(database.db, paymentProvider, orders, app.log);
  app.decorate('payments', payments);
  // Payments the provider took but the shop never recorded (a process that died between the two)
  // are recorded at start-up, then looked for every PAYMENT_CHECK_INTERVAL_MS.
  app.addHook('onReady', async () => payments.startChecking(config.PAYMENT_CHECK_INTERVAL_MS));
  app.addHook('onClose', async () => payments.stopChecking());
  const orderHub = new OrderHub({ db: database.db, events, orders, log: app.log });
  app.decorate('orderHub', orderHub);
  const orderStreams = new OrderStreams(app);
  app.decorate('orderStreams', orderStreams);
  app.addHook('onReady', async () => {
    await orderHub.start();
    orderStreams.start();
  });
  // Open streams would keep the server from closing: end them first (clients reconnect elsewhere).
  app.addHook('preClose', async () => {
    orderStreams.closeAll();
    orderHub.close();
  });
  // Mail: a queue in the database, sent by a worker in every process (docs/decisions/0020).
  const mail = new MailQueue({
    db: database.db,
    transport: config.MAIL_DISABLED ? undefined : createMailTransport(config, app.log),
    log: app.log,
    retryMs: config.MAIL_RETRY_MS,
    pollMs: config.MAIL_POLL_MS,
  });
  app.decorate('mail', mail);
  const accounts = new AccountService({ db: database.db, mail, config, log: app.log });
  app.decorate('accounts', accounts);
  subscribeOrderMails({ db: database.db, events, orders, mail, origin: () => accounts.origin(), timeZone: () => settings.timeZone(), log: app.log });
  app.addHook('onReady', async () => mail.start());
  // A mail being sent is finished and marked before the database goes.
  app.addHook('onClose', async () => mail.close());

  // Accounts: app.auth (Better Auth), app.requireUser / app.requireAdmin, request.user.
  const authSecret = await resolveAuthSecret(database.db, config.AUTH_SECRET);
  const auth = createAuth({
    config,
    db: database.db,
    dbKind: database.kind,
    secret: authSecret,
    log: app.log,
    mail: {
      queuePasswordReset: (user, token, origin) => accounts.queuePasswordReset(user, token, accounts.origin(origin)),
      sendVerification: (user, origin) => accounts.sendVerification(user, accounts.origin(origin)),
      passwordWasReset: async (user) => void (await accounts.markVerified(user.id, user.email)),
    },
  });
  accounts.auth = auth;
  const sessions = new SessionCache({ events, writes: database.watchedWrites, waitsForNotices: database.kind === 'postgres' });
  registerAuthentication(app, auth, new AccessTokens(authSecret), sessions);

  const securityHeaders = await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'"],
        // Stripe.js and its Payment Element come from Stripe, only when the shop uses Stripe (the
        // hosts of Stripe's CSP guide; the element's frames are on subdomains of js.stripe.com).
        ...(paymentProvider instanceof StripeProvider
          ? {
              scriptSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
              frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
              connectSrc: ["'self'", 'https://api.stripe.com'],
            }
          : { scriptSrc: ["'self'"], connectSrc: ["'self'"] }),
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: config.NODE_ENV === 'production' ? [] : null,
      },
    },
    hsts: config.NODE_ENV === 'production' ? { maxAge: 31536000, includeSubDomains: true } : false,
  });
  registerSnapshotAnswers(app, securityHeaders);
  const keptAnswers = new KeptAnswers({ events, writes: database.watchedWrites, answers: app.answers, waitsForNotices: database.kind === 'postgres' });
  app.decorate('keptAnswers', keptAnswers);
  // Before the routes: those whose config names a keptAnswer are answered through it.
  registerKeptAnswers(app, keptAnswers);
  if (database.kind === 'postgres') {
    // An answer after a write to a session or a user, or to the caller's cart or orders, goes once
    // PostgreSQL has sent the write's notice to every process (session-cache.ts, kept-answers.ts):
    // a sign-out ends the session everywhere, and a cart changed here is never read stale there,
    // before its answer arrives. Every other answer passes at once.
    app.addHook('onSend', (request, _reply, payload, done) => {
      const sessionNotice = sessions.pendingNotice();
      const answerNotice = keptAnswers.pendingNotice(request.user?.id);
      if (sessionNotice === undefined && answerNotice === undefined) done(null, payload);
      else void Promise.all([sessionNotice, answerNotice]).then(() => done(null, payload));
    });
  }
  await app.register(fastifyCompress, { threshold: 1024 });
  // Off by default: each route that needs a limit (sign-in, sign-up, captcha, token) sets its own.
  // Counters live in the database, shared by every process of the shop.
  await app.register(fastifyRateLimit, { global: false, store: databaseRateLimitStore(database.db) });

  // The API reference (/api/docs, /api/openapi.json): before the routes, which it collects as they are declared.
  await registerApiReference(app);

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
      await api.register(paymentRoutes);
      await api.register(paymentReturnRoutes);
      await api.register(orderRoutes);
      await api.register(staffOrderRoutes);
      await api.register(statsRoutes);
      await api.register(settingsRoutes);
      if (paymentProvider instanceof StripeProvider) await api.register(stripeWebhookRoutes(paymentProvider));
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, options.webDir ?? DEFAULT_WEB_DIR);
  return app;
}
