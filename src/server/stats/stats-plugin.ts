import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { StatsService } from './stats-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The statistics, in the restaurant's time zone of the moment (stats-service.ts). */
    stats: StatsService;
  }
}

export const statsPlugin = fp(
  async (app: FastifyInstance) => {
    const { settings } = app;
    app.decorate('stats', new StatsService(app.db, () => settings.timeZone(), () => settings.current().taxRates.map((rate) => rate.name)));
  },
  { name: 'stats', fastify: '5.x', dependencies: ['database', 'settings'] },
);
