import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CartService, subscribeCartToMenu } from './cart-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The customers' carts (cart-service.ts). */
    cart: CartService;
  }
}

export const cartPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('cart', new CartService(app.db));
    // A dish deleted from the menu leaves the carts that held it, each customer told its name.
    subscribeCartToMenu(app.menu);
  },
  { name: 'cart', fastify: '5.x', dependencies: ['database', 'menu'] },
);
