import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminReviewSchema,
  reviewChangeResultSchema,
  reviewDeleteResultSchema,
  reviewIdParamsSchema,
  reviewSchema,
  reviewVisibilitySchema,
} from '../../shared/reviews.ts';

/**
 * The reviews from their snapshot (review-catalog.ts), with its ETag, gzipped once per change.
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/review', { compress: false, schema: { response: { 200: z.array(reviewSchema) } } }, async (request, reply) => {
    const snapshot = app.reviews.ready() ?? (await app.reviews.current());
    return reply.sendSnapshot(snapshot);
  });

  // The owner's Manage Reviews (issue 43, point 9). The role is checked before validation, so a
  // caller without it learns nothing from field errors.
  app.get('/admin/reviews', { preValidation: app.requireAdmin, schema: { summary: 'Every review, the hidden ones marked, administrators only', response: { 200: z.array(adminReviewSchema) } } }, async () =>
    app.reviews.listForOwner(),
  );

  app.patch(
    '/admin/reviews/:id',
    {
      preValidation: app.requireAdmin,
      schema: {
        summary: 'Hide a review from the public list or show it again, administrators only ({ modifiedCount })',
        params: reviewIdParamsSchema,
        body: reviewVisibilitySchema,
        response: { 200: reviewChangeResultSchema },
      },
    },
    async (request) => ({ modifiedCount: await app.reviews.setHidden(request.params.id, request.body.hidden) }),
  );

  app.delete(
    '/admin/reviews/:id',
    {
      preValidation: app.requireAdmin,
      schema: { summary: 'Delete a review, administrators only ({ deletedCount })', params: reviewIdParamsSchema, response: { 200: reviewDeleteResultSchema } },
    },
    async (request) => ({ deletedCount: await app.reviews.delete(request.params.id) }),
  );
};
