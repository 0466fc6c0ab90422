import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FavouritesService } from './favourites-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The customers' saved dishes (favourites-service.ts). */
    favourites: FavouritesService;
  }
}

export const favouritesPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('favourites', new FavouritesService(app.db));
  },
  { name: 'favourites', fastify: '5.x', dependencies: ['database'] },
);
