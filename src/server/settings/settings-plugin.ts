import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ShopSettings } from './settings-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The restaurant's settings: hours, pause, ways of fulfilment, delivery terms, time zone. */
    settings: ShopSettings;
  }
}

export const settingsPlugin = fp(
  async (app: FastifyInstance) => {
    const settings = new ShopSettings({ db: app.db, events: app.events, defaultTimeZone: app.config.SHOP_TIME_ZONE, log: app.log });
    await settings.reload();
    app.decorate('settings', settings);
  },
  { name: 'settings', fastify: '5.x', dependencies: ['database', 'events'] },
);
