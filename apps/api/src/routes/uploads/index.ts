import {
  IMAGE_MAX_BYTES,
  ImageNameParamsSchema,
  MESSAGES,
  UPLOADED_IMAGE_NAME,
  UploadedImageSchema,
} from '@agency/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';
import { BEARER, documentedOnly, errorResponses, FILE_FIELD, fileResponse } from '../../lib/schema.ts';
import { imageStorageKey, storeImage } from '../../services/images.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** /api/uploads/images: blog images for editors and admins, served publicly once stored. */
export default async function uploadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Multipart is accepted only in this scope, with limits that end an oversized upload early.
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1000, parts: 20, headerPairs: 100 },
  });

  // Same multipart shape as the image host docs/product.md describes: `file` plus an ignored `upload_preset`.
  const uploadSchema = {
    tags: ['uploads'],
    summary: 'Upload a blog image (JPEG, PNG, WebP, GIF or AVIF, ≤ 10 MB); stored as WebP in three widths',
    security: BEARER,
    consumes: ['multipart/form-data'],
    // Read part by part by the handler, so an oversized file is stopped early.
    body: documentedOnly(z.object({ file: FILE_FIELD, upload_preset: z.string().optional() })),
    response: { 201: UploadedImageSchema, ...errorResponses(400, 401, 403, 413, 415) },
  };
  app.post(
    '/images',
    { onRequest: app.requireRole('admin', 'editor'), schema: uploadSchema },
    async (request, reply) => {
      const part = await request.file();
      if (!part) throw new HttpError(400, MESSAGES.blog.imageMissing, { file: MESSAGES.blog.imageMissing });
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, MESSAGES.blog.imageTooLarge, { file: MESSAGES.blog.imageTooLarge });
        }
        throw error;
      }
      if (bytes.length === 0)
        throw new HttpError(400, MESSAGES.blog.imageMissing, { file: MESSAGES.blog.imageMissing });
      const { url } = await storeImage(app.storage, bytes);
      return reply.status(201).send({ secure_url: url });
    },
  );

  const imageSchema = {
    tags: ['uploads'],
    summary: 'One stored image variant',
    params: ImageNameParamsSchema,
    response: { 200: fileResponse('image/webp', 'The image'), ...errorResponses(404) },
  };
  app.get('/images/:name', { schema: imageSchema }, async (request, reply) => {
    const match = UPLOADED_IMAGE_NAME.exec(request.params.name);
    const file = match?.[1] && match[2] ? await app.storage.get(imageStorageKey(match[1], Number(match[2]))) : null;
    if (!file) throw new HttpError(404, MESSAGES.http.notFound);
    return reply
      .header('content-type', 'image/webp')
      .header('content-length', file.size)
      .header('cache-control', IMMUTABLE)
      .header('x-content-type-options', 'nosniff')
      .send(file.stream);
  });
}
