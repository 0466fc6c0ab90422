import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';

/** A small real picture in one of the accepted formats, made by sharp. */
export async function samplePicture(
  format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' = 'jpeg',
  size: { width: number; height: number } = { width: 320, height: 240 },
): Promise<Buffer> {
  return sharp({ create: { ...size, channels: 3, background: { r: 60, g: 160, b: 90 } } })
    .toFormat(format)
    .toBuffer();
}

/** POST /api/images as the web form sends it: multipart with the file in the given field. */
export function uploadImage(
  app: FastifyInstance,
  bytes: Buffer | Uint8Array,
  options: { headers?: Record<string, string>; field?: string; filename?: string; type?: string } = {},
): Promise<LightMyRequestResponse> {
  const form = new FormData();
  form.append(
    options.field ?? 'image',
    new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/jpeg' }),
    options.filename ?? 'picture.jpg',
  );
  return app.inject({ method: 'POST', url: '/api/images', headers: options.headers, payload: form });
}

/** Uploads a fresh picture as the given administrator and answers its URL. */
export async function uploadedImageUrl(app: FastifyInstance, headers: Record<string, string>): Promise<string> {
  const res = await uploadImage(app, await samplePicture(), { headers });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { display_url: string } }>().data.display_url;
}

export async function countImages(app: FastifyInstance): Promise<number> {
  const row = await app.db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
