import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Review } from '../../shared/reviews.ts';
import { listReviews } from './review-repository.ts';

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/review', async (): Promise<Review[]> => {
    const rows = await listReviews(app.db);
    return rows.map((row) => ({ _id: row.id, name: row.name, image: row.image, details: row.details }));
  });
};
