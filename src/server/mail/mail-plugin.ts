import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MailQueue } from './mail-queue.ts';
import { createMailTransport } from './mail-transport.ts';
import { subscribeOrderMails } from './order-mails.ts';
import { sellerLines } from '../../shared/order-totals.ts';
import { receiptSeller } from '../../shared/restaurant-settings.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable mail queue and its worker (mail-queue.ts). */
    mail: MailQueue;
  }
}

/** Mail: a queue in the database, sent by a worker in every process (docs/decisions/0020). */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const mail = new MailQueue({
      db: app.db,
      transport: config.MAIL_DISABLED ? undefined : createMailTransport(config, app.log),
      log: app.log,
      retryMs: config.MAIL_RETRY_MS,
      pollMs: config.MAIL_POLL_MS,
    });
    app.decorate('mail', mail);
    app.addHook('onReady', async () => mail.start());
    // A mail being sent is finished and marked before the database goes.
    app.addHook('onClose', async () => mail.close());
  },
  { name: 'mail', fastify: '5.x', dependencies: ['database'] },
);

/** The order mails: after the accounts, whose origin names the shop in their links. */
export const orderMailsPlugin = fp(
  async (app: FastifyInstance) => {
    const { accounts, settings } = app;
    subscribeOrderMails({ db: app.db, events: app.events, orders: app.orders, mail: app.mail, origin: () => accounts.origin(), timeZone: () => settings.timeZone(), deliveryMinutes: () => settings.current().deliveryMinutes, seller: () => sellerLines(receiptSeller(settings.current())), log: app.log });
  },
  { name: 'order-mails', fastify: '5.x', dependencies: ['database', 'events', 'settings', 'orders', 'mail', 'accounts'] },
);
