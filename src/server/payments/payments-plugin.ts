import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPaymentProvider } from './create-payment-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { PaymentService } from './payment-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The card provider PAYMENT_PROVIDER names; the orders refund through it. */
    paymentProvider: PaymentProvider;
    payments: PaymentService;
  }
}

/** Before the orders: their refunds need the provider, and the payments need the orders. */
export const paymentProviderPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('paymentProvider', createPaymentProvider(app.config, app.db));
  },
  { name: 'payment-provider', fastify: '5.x', dependencies: ['database'] },
);

export const paymentsPlugin = fp(
  async (app: FastifyInstance) => {
    const payments = new PaymentService(app.db, app.paymentProvider, app.orders, app.settings, app.log, app.slots, app.promotions);
    app.decorate('payments', payments);
    // Payments the provider took but the shop never recorded (a process that died between the two)
    // are recorded at start-up, then looked for every PAYMENT_CHECK_INTERVAL_MS.
    app.addHook('onReady', async () => payments.startChecking(app.config.PAYMENT_CHECK_INTERVAL_MS));
    app.addHook('onClose', async () => payments.stopChecking());
  },
  { name: 'payments', fastify: '5.x', dependencies: ['database', 'payment-provider', 'orders', 'settings', 'promotions'] },
);
