import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { IMAGE_URL_PREFIX, OWN_IMAGE_URL } from '../../shared/images.ts';
import type { Database } from '../db/schema.ts';
import { findImage, findImageId, insertImage } from './image-repository.ts';

export { IMAGE_URL_PREFIX };

/** The longest side of a stored image; larger uploads are scaled down. */
export const MAX_IMAGE_SIDE = 1600;

/** Decoding a picture larger than this many pixels is refused (a decompression bomb). */
export const MAX_INPUT_PIXELS = 40_000_000;

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

export interface StoredImage {
  url: string;
  width: number;
  height: number;
}

/**
 * Re-encoded so no byte of an upload is served as it came: a polyglot file cannot survive.
 * sharp strips metadata by default, and throws on a damaged file (`failOn: 'warning'`).
 */
export async function encodeImage(input: Buffer): Promise<EncodedImage> {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate() // apply the EXIF orientation before the metadata is dropped
    .resize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Stores an encoded image and answers the URL it is served at. */
export async function saveImage(db: Kysely<Database>, image: EncodedImage): Promise<StoredImage> {
  const id = randomUUID();
  await insertImage(db, {
    id,
    content_type: 'image/webp',
    bytes: image.data,
    width: image.width,
    height: image.height,
    byte_size: image.data.length,
    created_at: new Date().toISOString(),
  });
  return { url: `${IMAGE_URL_PREFIX}${id}.webp`, width: image.width, height: image.height };
}

/** Re-encodes and stores a picture the shop made itself (the demo menu). */
export async function storeImage(db: Kysely<Database>, input: Buffer): Promise<StoredImage> {
  return saveImage(db, await encodeImage(input));
}

/** The image id inside one of the shop's own image URLs, or null for any other URL. */
export function imageIdFromUrl(url: string): string | null {
  const match = OWN_IMAGE_URL.exec(url);
  return match ? match[1]! : null;
}

/** True when the URL is one of the shop's own image URLs and that image is stored. */
export async function isStoredImageUrl(db: Kysely<Database>, url: string): Promise<boolean> {
  const id = imageIdFromUrl(url);
  return id !== null && (await findImageId(db, id)) !== undefined;
}

/** A stored image's bytes and type by its id (the part of its URL before `.webp`), if stored. */
export async function readStoredImage(db: Kysely<Database>, id: string) {
  return findImage(db, id);
}
