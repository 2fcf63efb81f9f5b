import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { FileStorage } from './file-storage.js';
import { createLocalDirectoryStorage } from './local-directory-storage.js';
import { adoptDataDirFiles, sharedDirOf } from './shared-dir.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Bytes of stored files (uploads, thumbnails, exports). */
    fileStorage: FileStorage;
  }
}

interface StoragePluginOptions {
  /** A storage the caller provides; default `files/` in the shared directory. */
  storage?: FileStorage;
}

/**
 * Stored files live in the directory every process shares (`sharedDirOf`, ADR 0035): the
 * data directory unless UPLOAD_DIR is set. What the data directory held before UPLOAD_DIR
 * was set moves there first.
 */
const registerStorage: FastifyPluginAsync<StoragePluginOptions> = async (app, options) => {
  await adoptDataDirFiles(app.config, app.log.child({ component: 'storage' }));
  app.decorate(
    'fileStorage',
    options.storage ?? createLocalDirectoryStorage(path.join(sharedDirOf(app.config), 'files')),
  );
};

export const storagePlugin = fp(registerStorage, {
  name: 'revlane-storage',
  dependencies: ['revlane-config'],
});
