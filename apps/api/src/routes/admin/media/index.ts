import {
  IMAGE_MAX_BYTES,
  MediaAltSchema,
  MediaCreatedSchema,
  MediaIdParamsSchema,
  MediaInUseSchema,
  MediaListSchema,
  MEDIA_MESSAGES,
  MESSAGES,
  mediaInUseMessage,
  validationError,
} from '@agency/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../../lib/http-error.ts';
import { BEARER, documentedOnly, errorResponses, FILE_FIELD, NO_CONTENT } from '../../../lib/schema.ts';
import { createMedia, deleteMediaUnlessUsed, listMedia } from '../../../services/media.ts';

const tags = ['media'];

/** /api/admin/media: the media library of editors and admins (issue 23, item 5). */
export default async function mediaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const editorsOnly = app.requireRole('admin', 'editor');
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 4000, parts: 10, headerPairs: 100 },
  });

  const uploadSchema = {
    tags,
    summary: 'Add an image (JPEG, PNG, WebP, GIF or AVIF, ≤ 10 MB) with its description; stored once as WebP variants',
    security: BEARER,
    consumes: ['multipart/form-data'],
    // Read part by part by the handler (the description may come before or after the file).
    body: documentedOnly(z.object({ file: FILE_FIELD, alt: MediaAltSchema })),
    response: { 201: MediaCreatedSchema, ...errorResponses(400, 401, 403, 413, 415) },
  };
  app.post('/', { onRequest: editorsOnly, schema: uploadSchema }, async (request, reply) => {
    let bytes: Buffer | null = null;
    let alt: unknown;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname === 'file') bytes = await part.toBuffer();
          else await part.toBuffer();
        } else if (part.fieldname === 'alt') alt = part.value;
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new HttpError(413, MESSAGES.blog.imageTooLarge, { file: MESSAGES.blog.imageTooLarge });
      }
      throw error;
    }
    // Both fields are checked before anything is stored: a refused upload leaves nothing behind.
    const fields: Record<string, string> = {};
    const description = z.object({ alt: MediaAltSchema }).safeParse({ alt: alt ?? '' });
    if (!description.success) Object.assign(fields, validationError(description.error.issues).fields);
    if (!bytes || bytes.length === 0) fields.file = MESSAGES.blog.imageMissing;
    if (Object.keys(fields).length > 0 || !description.success || !bytes) {
      throw new HttpError(400, Object.values(fields)[0] ?? MESSAGES.http.badRequest, fields);
    }
    const uploader = { ip: request.ip, user: request.user! };
    const row = await createMedia(app.db, app.storage, uploader, bytes, description.data.alt);
    return reply.status(201).send({ id: row.id, url: row.url, alt: row.alt });
  });

  const listSchema = {
    tags,
    summary: 'The media library, newest first, each image with the pages and posts that show it',
    security: BEARER,
    response: { 200: MediaListSchema, ...errorResponses(401, 403) },
  };
  app.get('/', { onRequest: editorsOnly, schema: listSchema }, async () => ({ items: await listMedia(app.db) }));

  const deleteSchema = {
    tags,
    summary: 'Remove an image and its variants; 409 naming the pages and posts while one still shows it',
    security: BEARER,
    params: MediaIdParamsSchema,
    response: {
      204: NO_CONTENT,
      409: MediaInUseSchema.describe('Still shown by the pages and posts `usedBy` lists'),
      ...errorResponses(401, 403, 404),
    },
  };
  app.delete('/:id', { onRequest: editorsOnly, schema: deleteSchema }, async (request, reply) => {
    const { id } = request.params;
    const outcome = await deleteMediaUnlessUsed(app.db, app.storage, request, id);
    if (outcome.status === 'missing') throw new HttpError(404, MEDIA_MESSAGES.notFound);
    if (outcome.status === 'in use')
      return reply.status(409).send({ error: mediaInUseMessage(outcome.usedBy), usedBy: outcome.usedBy });
    return reply.status(204).send();
  });
}
