import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../db/schema.ts';
import { insertImage } from './image-repository.ts';

/** Every stored image is served under this path, so the shop can recognise its own URLs. */
export const IMAGE_URL_PREFIX = '/api/images/';

/** The longest side of a stored image; larger uploads are scaled down. */
export const MAX_IMAGE_SIDE = 1600;

export interface StoredImage {
  url: string;
  width: number;
  height: number;
}

/**
 * Re-encodes any image sharp can read to WebP (bounded size, metadata stripped, which sharp
 * does unless asked to keep it) and stores it. Re-encoding means no byte of the upload is ever
 * served as it came, so a polyglot file cannot survive.
 */
export async function storeImage(db: Kysely<Database>, input: Buffer): Promise<StoredImage> {
  const { data, info } = await sharp(input, { limitInputPixels: 40_000_000 })
    .rotate() // apply the EXIF orientation before the metadata is dropped
    .resize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  const id = randomUUID();
  await insertImage(db, {
    id,
    content_type: 'image/webp',
    bytes: data,
    width: info.width,
    height: info.height,
    byte_size: data.length,
    created_at: new Date().toISOString(),
  });
  return { url: `${IMAGE_URL_PREFIX}${id}.webp`, width: info.width, height: info.height };
}

/** The image id inside one of the shop's own image URLs, or null for any other URL. */
export function imageIdFromUrl(url: string): string | null {
  const match = /^\/api\/images\/([0-9a-f-]{36})\.webp$/.exec(url);
  return match ? match[1]! : null;
}
