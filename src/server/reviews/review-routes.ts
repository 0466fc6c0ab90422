import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reviewSchema, type Review } from '../../shared/reviews.ts';
import { listReviewAnswers } from './review-repository.ts';

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/review', { schema: { response: { 200: z.array(reviewSchema) } } }, async (): Promise<Review[]> => listReviewAnswers(app.db));
};
