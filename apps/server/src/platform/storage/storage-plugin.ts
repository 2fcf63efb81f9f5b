import path from 'node:path';
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { FileStorage } from './file-storage.js';
import { createLocalDirectoryStorage } from './local-directory-storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Bytes of stored files (uploads, thumbnails, exports). */
    fileStorage: FileStorage;
  }
}

interface StoragePluginOptions {
  /** A storage the caller provides; default a directory under the data directory. */
  storage?: FileStorage;
}

const registerStorage: FastifyPluginCallback<StoragePluginOptions> = (app, options, done) => {
  app.decorate(
    'fileStorage',
    options.storage ?? createLocalDirectoryStorage(path.join(app.config.dataDir, 'files')),
  );
  done();
};

export const storagePlugin = fp(registerStorage, {
  name: 'revlane-storage',
  dependencies: ['revlane-config'],
});
