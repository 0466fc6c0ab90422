import { z } from 'zod';

/** The body of every 4xx and 5xx answer of the API. */
export const apiErrorSchema = z.object({
  statusCode: z.number(),
  code: z.string(),
  message: z.string(),
  /** For 400: the message of each invalid field, keyed by its path ("price", "items.0.id"). */
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  /** For 409 SLOT_FULL: the next free time slots (UTC instants) to choose from instead. */
  nextSlots: z.array(z.string()).optional(),
});

export type ApiError = z.infer<typeof apiErrorSchema>;

/** The 429 answers of an event stream refused at its cap (server/http/stream-slots.ts): per client, or the whole shop's. */
export const STREAM_REFUSALS = {
  client: { message: 'Too many live pages are open from here. Close a few tabs, then reload.', retryAfterSeconds: 30 },
  shop: { message: 'The shop is very busy right now; live updates come back in a moment.', retryAfterSeconds: 10 },
} as const;
