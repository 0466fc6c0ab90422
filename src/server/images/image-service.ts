import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { readStoredImage, type StoredImage } from './image-store.ts';
import { storeUploadedImage } from './image-upload.ts';

/** The pictures' calls for their routes (app.images, images-plugin.ts). */
export class ImageService {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** A stored image's bytes and type by its id, if stored. */
  read(id: string): ReturnType<typeof readStoredImage> {
    return readStoredImage(this.db, id);
  }

  /** An upload, checked and stored re-encoded (image-upload.ts). */
  storeUpload(bytes: Buffer): Promise<StoredImage> {
    return storeUploadedImage(this.db, bytes);
  }
}
