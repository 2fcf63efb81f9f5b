import type { FastifyPluginCallback } from 'fastify';
import { notFound } from '../../../platform/errors/http-error.js';
import { createTusServer } from './tus-server.js';
import { isUploadOf, rememberUploader } from './upload-ids.js';

const TUS_METHODS = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * `/transfer/files`: resumable CSV uploads (tus 1.0, ADR 0018). Every request carries the
 * bearer token (the service's hook checks it); a request on an upload of another
 * organization is a 404 before tus sees it. The bytes stream to the file store untouched.
 */
export const uploadsRoutes: FastifyPluginCallback = (app, _options, done) => {
  const tus = createTusServer(app, `${app.prefix}/files`);
  // tus reads the body itself, as a stream.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
    done(null),
  );
  const handler = async (
    request: Parameters<Parameters<typeof app.route>[0]['handler']>[0],
    reply: Parameters<Parameters<typeof app.route>[0]['handler']>[1],
  ) => {
    const { uploadId } = request.params as { uploadId?: string };
    if (uploadId !== undefined && !isUploadOf(uploadId, request.auth.org.id))
      throw notFound('Upload');
    rememberUploader(request.raw, { orgId: request.auth.org.id, userId: request.auth.user.id });
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  const schema = { tags: ['uploads'], hide: true };
  app.route({ method: [...TUS_METHODS], url: '/files', schema, handler });
  app.route({ method: [...TUS_METHODS], url: '/files/:uploadId', schema, handler });
  done();
};
