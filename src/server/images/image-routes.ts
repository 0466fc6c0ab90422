import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_FIELD, imageUploadResultSchema, MAX_UPLOAD_BYTES } from '../../shared/images.ts';
import { BadRequestError, HttpError } from '../http/errors.ts';
import { say } from '../i18n/wording.ts';

const UNREADABLE_FORM = 'The upload could not be read as a form. Choose the picture again and send it once more.';
const TOO_LARGE = `The picture is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Choose a smaller one.`;

export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart is parsed only in this plugin (the upload route); every other route refuses it.
  // The limits bound the whole request: one file of at most 5 MB and a few small fields.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
  });

  app.get(
    '/images/:file',
    { schema: { summary: "A dish's image", params: z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.webp$/) }) } },
    async (request, reply) => {
      const id = request.params.file.slice(0, -'.webp'.length);
      const image = await app.images.read(id);
      if (!image) return reply.code(404).send({ statusCode: 404, code: 'NOT_FOUND', message: 'No such image' });
      // An image's bytes never change under its id: caches may keep it for a year.
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-type', image.content_type)
        .send(Buffer.from(image.bytes));
    },
  );

  // The spec's image host, replaced by the shop (docs/product.md §12): administrators only, the
  // admin check runs before validation and before the handler reads a byte of the file (the
  // multipart parser only streams when the handler asks).
  app.post(
    '/images',
    { preValidation: app.requireAdmin, schema: { response: { 201: imageUploadResultSchema } } },
    async (request, reply) => {
      const bytes = await readImageField(request);
      const stored = await app.images.storeUpload(bytes);
      return reply.code(201).send({
        success: true as const,
        data: { display_url: stored.url, width: stored.width, height: stored.height },
      });
    },
  );
};

/** The bytes of the one file in the field 'image', or a 4xx that says what was wrong. */
async function readImageField(request: FastifyRequest): Promise<Buffer> {
  const choose = 'Choose a picture to upload.';
  if (!request.isMultipart()) {
    throw new BadRequestError(`Send the picture as multipart/form-data in the field '${IMAGE_FIELD}'.`, {
      [IMAGE_FIELD]: [choose],
    });
  }
  let bytes: Buffer | undefined;
  try {
    // Every part is read to the end, so a second file hits the files limit instead of being ignored.
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== IMAGE_FIELD) {
        part.file.resume();
        throw new BadRequestError(`The picture must be sent in the field '${IMAGE_FIELD}', not '${part.fieldname}'.`, {
          [IMAGE_FIELD]: [choose],
        });
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    throw multipartError(error);
  }
  if (!bytes) throw new BadRequestError(choose, { [IMAGE_FIELD]: [choose] });
  return bytes;
}

function multipartError(error: unknown): Error {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new HttpError(413, 'PAYLOAD_TOO_LARGE', TOO_LARGE, { [IMAGE_FIELD]: [TOO_LARGE] });
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(413, 'PAYLOAD_TOO_LARGE', say('error.image.oneAtATime'));
  }
  if (error instanceof HttpError) return error;
  // Anything else the parser throws (no boundary, a cut-off body, broken part headers) is the
  // client's malformed request, not the shop's failure: a 400 that says so.
  return new BadRequestError(UNREADABLE_FORM, { [IMAGE_FIELD]: [UNREADABLE_FORM] });
}
