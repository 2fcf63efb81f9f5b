import path from 'node:path';
import { UPLOAD_METADATA } from '@revlane/contracts';
import { FileStore } from '@tus/file-store';
import { EVENTS, Server } from '@tus/server';
import type { FastifyInstance } from 'fastify';
import { findSource } from '../../../ingestion/index.js';
import { finishUpload } from './finish-upload.js';
import { SharedTusLocker } from './tus-locker.js';
import { newUploadId, uploaderOf, type Uploader } from './upload-ids.js';

/** tus answers a hook's thrown `{ status_code, body }` with them (its documented way). */
class TusRefusal extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
  }
}
const refuse = (status: number, body: string) => new TusRefusal(status, body);

function caller(request: Request): Uploader {
  const uploader = uploaderOf(request);
  // The route always files the caller first; without one nothing is created.
  if (!uploader) throw refuse(401, 'Not signed in');
  return uploader;
}

/**
 * The tus 1.0 server with the file store, mounted at `<transfer>/files`. The route in front
 * of it has checked the bearer token and the upload's organization, and passes who is asking
 * in headers it sets itself; the hooks create the upload under that organization and turn a
 * finished one into a CSV source and its sync.
 *
 * Any process may take any request of an upload (ADR 0035): the uploads in progress are in
 * UPLOAD_DIR, which every process shares, and tus keeps nothing of them in memory — an
 * upload's length and metadata are its `<id>.json` (tus's file config store), its offset
 * the size of its file — and the lock on an upload is the processes' shared one.
 */
export function createTusServer(
  app: Pick<FastifyInstance, 'db' | 'jobs' | 'config' | 'csvLoadAhead' | 'locks'>,
  mount: string,
) {
  const directory = app.config.uploadDir;
  const server = new Server({
    path: mount,
    datastore: new FileStore({ directory }),
    locker: new SharedTusLocker(app.locks, directory),
    maxSize: app.config.sources.uploadMaxBytes,
    respectForwardedHeaders: false,
    namingFunction: (req) => newUploadId(caller(req).orgId),
    async onUploadCreate(req, upload) {
      const { orgId } = caller(req);
      const fileName = upload.metadata?.[UPLOAD_METADATA.fileName];
      if (!fileName) throw refuse(400, 'Upload-Metadata must name the file (filename)');
      const sourceId = upload.metadata?.[UPLOAD_METADATA.sourceId];
      if (sourceId) {
        const source = await findSource(app.db, orgId, sourceId);
        if (!source || source.type !== 'csv') throw refuse(404, 'CSV source not found');
      }
      return {};
    },
    async onUploadFinish(req, upload) {
      const result = await finishUpload(app, {
        ...caller(req),
        uploadId: upload.id,
        file: path.join(directory, upload.id),
        metadata: upload.metadata ?? {},
      }).catch((error: unknown) => {
        app.csvLoadAhead.stop(upload.id, 'The upload did not become a source.');
        throw error;
      });
      return {
        headers: { 'Revlane-Source-Id': result.sourceId, 'Revlane-Sync-Id': result.syncId },
      };
    },
  });
  // The rows load into the warehouse while the bytes arrive (ADR 0029).
  server.on(EVENTS.POST_CREATE, (req, upload) => {
    app.csvLoadAhead.follow(caller(req).orgId, upload.id, path.join(directory, upload.id));
  });
  server.on(EVENTS.POST_TERMINATE, (_req, _res, id) => {
    app.csvLoadAhead.stop(id, 'The upload was terminated.');
  });
  return server;
}
