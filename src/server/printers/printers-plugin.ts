import { sellerLines } from '../../shared/order-totals.ts';
import { receiptSeller } from '../../shared/restaurant-settings.ts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PrinterService } from './printer-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The kitchen receipt printers and their print queue. */
    printers: PrinterService;
  }
}

/** The printers' status joins /readyz's details; a failing printer never makes the shop unready. */
export const printersPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, settings } = app;
    const printers = new PrinterService({
      db: app.db,
      timeZone: () => settings.timeZone(),
      seller: () => sellerLines(receiptSeller(settings.current())),
      log: app.log,
      timeoutMs: config.PRINTER_TIMEOUT_MS,
      retryMs: config.PRINTER_RETRY_MS,
    });
    app.decorate('printers', printers);
    // Staff's accepts and busy mode's auto-accepts alike; after the commit, never holding the answer.
    app.orders.onAccepted((order) => printers.printAccepted(order));
    app.health.addDetail('printers', () => printers.statuses());
    app.addHook('onClose', async () => printers.close());
  },
  { name: 'printers', fastify: '5.x', dependencies: ['database', 'settings', 'ops', 'orders'] },
);
