import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PromotionsService } from './promotions-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The administrator's promo codes (promotions-service.ts). */
    promotions: PromotionsService;
  }
}

export const promotionsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('promotions', new PromotionsService(app.db));
  },
  { name: 'promotions', fastify: '5.x', dependencies: ['database'] },
);
