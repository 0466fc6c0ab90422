import { z } from 'zod';

// Zod-free, so the service worker can read it without Zod.
export * from './image-urls.ts';

/** The largest upload accepted by POST /api/images; the form checks it too, before sending. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** The multipart field that carries the file, as the spec's image host named it. */
export const IMAGE_FIELD = 'image';

/** What the file input offers; the server judges the bytes, not this list. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;

/** The answer of POST /api/images, shaped like the spec's image host. */
export const imageUploadResultSchema = z.object({
  success: z.literal(true),
  data: z.object({ display_url: z.string(), width: z.number().int(), height: z.number().int() }),
});
export type ImageUploadResult = z.infer<typeof imageUploadResultSchema>;

/** What the shop says of an iPhone's HEIC photo, which it cannot read (issue 43, point 10). */
export const HEIC_REFUSED =
  'This is an iPhone HEIC photo, which the shop cannot read. Save it as a JPEG first (on the iPhone: Share, then Save as JPEG or Options → Most Compatible; or set Settings → Camera → Formats → Most Compatible) and upload that.';
