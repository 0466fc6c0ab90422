import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ImageService } from './image-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The dishes' pictures, stored in the database (image-service.ts). */
    images: ImageService;
  }
}

export const imagesPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('images', new ImageService(app.db));
  },
  { name: 'images', fastify: '5.x', dependencies: ['database'] },
);
