import { z } from 'zod';

/** The body of every 4xx and 5xx answer of the API. */
export const apiErrorSchema = z.object({
  statusCode: z.number(),
  code: z.string(),
  message: z.string(),
  /** For 400: the message of each invalid field, keyed by its path ("price", "items.0.id"). */
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});

export type ApiError = z.infer<typeof apiErrorSchema>;
