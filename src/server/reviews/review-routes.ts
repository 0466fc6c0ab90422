import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Review } from '../../shared/reviews.ts';
import { listReviewAnswers } from './review-repository.ts';

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/review', async (): Promise<Review[]> => listReviewAnswers(app.db));
};
