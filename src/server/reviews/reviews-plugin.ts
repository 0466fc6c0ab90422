import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ReviewCatalog } from './review-catalog.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The reviews' snapshot (review-catalog.ts). */
    reviews: ReviewCatalog;
  }
}

export const reviewsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('reviews', new ReviewCatalog(app.db, app.events));
  },
  { name: 'reviews', fastify: '5.x', dependencies: ['database', 'events'] },
);
