import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AddressesService } from './addresses-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The customers' saved delivery addresses (addresses-service.ts). */
    savedAddresses: AddressesService;
  }
}

export const addressesPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('savedAddresses', new AddressesService(app.db));
  },
  { name: 'addresses', fastify: '5.x', dependencies: ['database'] },
);
