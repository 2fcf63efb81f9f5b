import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTENT_API,
  dataEnvelope,
  IMAGE_CONTENT_TYPES,
  storedFileSchema,
} from '@revlane/contracts';
import { errorResponses, publicErrorResponses } from '../../../platform/http/responses.js';
import { openFile, storeImage, type ContentDeps, type ServedFile } from './files.service.js';
import { MULTIPART_LIMITS, readUploadedFile } from './multipart-upload.js';
import { strictRateLimit } from '../../../platform/http/rate-limits.js';

const tags = ['files'];

/**
 * Documents the form. The file is read from the stream in the handler, so a multipart
 * request arrives here without a parsed body (null), which the schema lets through.
 */
const uploadBodySchema = z
  .object({
    file: z.file().describe(`The image: ${IMAGE_CONTENT_TYPES.join(', ')}; at most 5 MB`),
  })
  .nullish();

const fileParamsSchema = z.object({ fileId: z.string().describe('The file id (a uuid)') });

const imageResponse = (description: string, types: readonly string[]) => ({
  description,
  content: Object.fromEntries(types.map((type) => [type, { schema: z.file() }])),
});

function sendFile(reply: FastifyReply, file: ServedFile) {
  // The id never names other bytes, so caches may keep them for good; nosniff keeps a
  // browser from reading them as anything but the image type detected at upload.
  reply
    .header('content-type', file.contentType)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff');
  if (file.size !== undefined) reply.header('content-length', file.size);
  return reply.send(file.stream);
}

export const filesRoutes: FastifyPluginAsync = async (app) => {
  // Only this plugin parses multipart bodies; every other route stays JSON-only.
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): ContentDeps => ({
    db: app.db,
    storage: app.fileStorage,
    contentBaseUrl: app.config.services.content,
  });

  routes.post(
    `/${CONTENT_API.files}`,
    {
      config: { ...strictRateLimit },
      schema: {
        tags,
        summary: 'Upload an image (multipart/form-data, field `file`); answers its URLs',
        consumes: ['multipart/form-data'],
        body: uploadBodySchema,
        response: {
          201: dataEnvelope(storedFileSchema),
          ...errorResponses(400, 403, 413, 415),
        },
      },
    },
    async (request, reply) => {
      try {
        const upload = await readUploadedFile(request);
        const data = await storeImage(deps(), request.auth, upload);
        return await reply.status(201).send({ data });
      } catch (error) {
        // Refused mid-body (too large, not an image): the request is no longer read, so
        // close the connection after the answer rather than leave the client's upload
        // hanging on a paused socket (Fastify does the same for its own body limits).
        if (!request.raw.readableEnded) reply.header('connection', 'close');
        throw error;
      }
    },
  );

  routes.get(
    `/${CONTENT_API.file(':fileId')}`,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The stored image; its URL is the capability, no token needed (ADR 0005)',
        params: fileParamsSchema,
        response: {
          200: imageResponse('The image as uploaded', IMAGE_CONTENT_TYPES),
          ...publicErrorResponses(404),
        },
      },
    },
    async (request, reply) =>
      sendFile(reply, await openFile(deps(), request.params.fileId, 'original')),
  );

  routes.get(
    `/${CONTENT_API.thumbnail(':fileId')}`,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The image’s 128×128 WebP thumbnail; no token needed (ADR 0005)',
        params: fileParamsSchema,
        response: {
          200: imageResponse('The thumbnail', ['image/webp']),
          ...publicErrorResponses(404),
        },
      },
    },
    async (request, reply) =>
      sendFile(reply, await openFile(deps(), request.params.fileId, 'thumbnail')),
  );
};
