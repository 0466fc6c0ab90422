import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reviewSchema } from '../../shared/reviews.ts';

/**
 * The reviews from their snapshot (review-catalog.ts), with its ETag, gzipped once per change.
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/review', { compress: false, schema: { response: { 200: z.array(reviewSchema) } } }, async (request, reply) => {
    const snapshot = app.reviews.ready() ?? (await app.reviews.current());
    return reply.sendSnapshot(snapshot);
  });
};
