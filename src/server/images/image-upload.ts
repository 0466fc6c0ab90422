import type { Kysely } from 'kysely';
import sharp, { type Metadata } from 'sharp';
import type { Database } from '../db/schema.ts';
import { BadRequestError } from '../http/errors.ts';
import { HEIC_REFUSED } from '../../shared/images.ts';
import { detectUploadFormat, isHeicPhoto, sharpFormatMatches } from './image-format.ts';
import { encodeImage, MAX_INPUT_PIXELS, saveImage, type StoredImage } from './image-store.ts';

const ACCEPTED = 'JPEG, PNG, WebP, GIF or AVIF';

/** A refused upload: a 400 whose message is also the error of the form's image field. */
function refused(message: string): BadRequestError {
  return new BadRequestError(message, { image: [message] });
}

/**
 * Checks an uploaded file and stores it re-encoded. The bytes decide: the magic number must be
 * one of the accepted formats, sharp must read the same format from it, and the whole picture
 * must decode. Only then is anything written, so a refused file leaves no trace.
 */
export async function storeUploadedImage(db: Kysely<Database>, bytes: Buffer): Promise<StoredImage> {
  if (bytes.length === 0) throw refused('The file is empty. Choose a picture.');
  const format = detectUploadFormat(bytes);
  if (!format && isHeicPhoto(bytes)) throw refused(HEIC_REFUSED);
  if (!format) throw refused(`This file is not a picture the shop accepts. Choose a ${ACCEPTED} image.`);

  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw refused('This picture could not be read. It may be damaged.');
  }
  if (!sharpFormatMatches(format, metadata.format, metadata.compression)) {
    throw refused(`This file is not a picture the shop accepts. Choose a ${ACCEPTED} image.`);
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    throw refused('This picture has too many pixels. Choose one under 40 megapixels.');
  }

  let encoded;
  try {
    encoded = await encodeImage(bytes);
  } catch {
    throw refused('This picture could not be read to the end. It may be damaged or incomplete.');
  }
  return saveImage(db, encoded);
}
