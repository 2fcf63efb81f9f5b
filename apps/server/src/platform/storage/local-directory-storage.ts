import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type FileStorage } from './file-storage.js';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** A directory on the local disk (the default: `files/` in the shared directory, ADR 0035). */
export function createLocalDirectoryStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };

  return {
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written beside the target and renamed into place only when complete, so a failed
      // or aborted upload never leaves a partial file under a real key.
      const partial = `${target}.${randomUUID()}.partial`;
      let bytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, next) {
          bytes += chunk.length;
          next(null, chunk);
        },
      });
      const out = createWriteStream(partial, { flags: 'wx' });
      try {
        await pipeline(body, counter, out);
        await rename(partial, target);
        return bytes;
      } catch (error) {
        // The pipeline fails as soon as a stream errors, but the file stream opens and closes
        // its file later (a body refused at its first bytes fails before the open is done):
        // removed before then, the partial file would be created again behind our back.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await rm(partial, { force: true });
        throw error;
      }
    },

    async get(key) {
      try {
        const handle = await open(pathOf(key), 'r');
        return handle.createReadStream();
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
