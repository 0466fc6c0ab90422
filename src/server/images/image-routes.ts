import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findImage } from './image-repository.ts';

export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/images/:file',
    { schema: { params: z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.webp$/) }) } },
    async (request, reply) => {
      const id = request.params.file.slice(0, -'.webp'.length);
      const image = await findImage(app.db, id);
      if (!image) return reply.code(404).send({ statusCode: 404, code: 'NOT_FOUND', message: 'No such image' });
      // An image's bytes never change under its id: caches may keep it for a year.
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-type', image.content_type)
        .send(Buffer.from(image.bytes));
    },
  );
};
