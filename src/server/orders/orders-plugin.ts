import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { resolveAuthSecret } from '../auth/auth-secret.ts';
import { OrderHub } from './order-hub.ts';
import { OrderLinks } from './order-links.ts';
import { OrderService } from './order-service.ts';
import { SlotService } from './slot-service.ts';
import { OrderStreams } from './order-stream.ts';

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrderService;
    /** The time slots' places: what is offered, and each payment's hold (issue 40). */
    slots: SlotService;
    orderHub: OrderHub;
    /** The open order streams: their heartbeat, and their end when the app closes. */
    orderStreams: OrderStreams;
  }
}

/** The orders' rules; refunds go through the payment provider (payments/payments-plugin.ts). */
export const ordersPlugin = fp(
  async (app: FastifyInstance) => {
    const { settings, config } = app;
    // Orders' links are signed with the sessions' secret, so every process reads every link.
    const secret = await resolveAuthSecret(app.db, config.AUTH_SECRET);
    const orders = new OrderService({
      db: app.db,
      databaseKind: app.dbKind,
      events: app.events,
      provider: app.paymentProvider,
      timeZone: () => settings.timeZone(),
      quoting: () => settings.current(),
      log: app.log,
      refunds: { retryMs: config.REFUND_RETRY_MS, pollMs: config.REFUND_POLL_MS, leaseMs: config.REFUND_CLAIM_LEASE_MS },
      links: new OrderLinks(secret),
    });
    app.decorate('orders', orders);
    app.decorate('slots', new SlotService({ db: app.db, settings, postgres: app.dbKind === 'postgres' }));
    // Refund requests a process left behind (it died between the move and the provider's answer)
    // are asked at start-up, then looked for every REFUND_POLL_MS; a call under way ends before close.
    app.addHook('onReady', async () => orders.startRefunds());
    app.addHook('onClose', async () => orders.stopRefunds());
  },
  { name: 'orders', fastify: '5.x', dependencies: ['database', 'events', 'settings', 'payment-provider'] },
);

/**
 * The order hub and the open streams. Registered after the payments, so that their start-up check
 * (payments-plugin.ts) runs before the hub starts, as it always has.
 */
export const orderStreamsPlugin = fp(
  async (app: FastifyInstance) => {
    const orderHub = new OrderHub({ db: app.db, events: app.events, orders: app.orders, log: app.log });
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
  },
  { name: 'order-streams', fastify: '5.x', dependencies: ['database', 'events', 'orders'] },
);
