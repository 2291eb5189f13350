import { IMAGE_MAX_BYTES, MESSAGES, UPLOADED_IMAGE_NAME } from '@agency/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { ImageRejectedError, imageRejection, imageStorageKey, storeImage } from '../../services/images.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** /api/uploads/images: blog images for editors and admins, served publicly once stored. */
export default async function uploadRoutes(app: FastifyInstance) {
  // Multipart is accepted only in this scope, with limits that end an oversized upload early.
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1000, parts: 20, headerPairs: 100 },
  });

  // Same multipart shape as the image host SPEC.md describes: `file` plus an ignored `upload_preset`.
  app.post('/images', { preHandler: app.requireRole('admin', 'editor') }, async (request, reply) => {
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
    if (bytes.length === 0) throw new HttpError(400, MESSAGES.blog.imageMissing, { file: MESSAGES.blog.imageMissing });
    try {
      const { url } = await storeImage(app.storage, bytes);
      return reply.status(201).send({ secure_url: url });
    } catch (error) {
      if (error instanceof ImageRejectedError) throw imageRejection(error);
      throw error;
    }
  });

  app.get<{ Params: { name: string } }>('/images/:name', async (request, reply) => {
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
