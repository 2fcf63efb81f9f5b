import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalDirectoryStorage } from './local-directory-storage.js';

describe('local directory file storage', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'revlane-storage-'));
  const storage = createLocalDirectoryStorage(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('puts, gets and deletes bytes under a key', async () => {
    const bytes = Buffer.from('some image bytes');
    expect(await storage.put('org-1/file-1', Readable.from([bytes]))).toBe(bytes.length);
    expect(readdirSync(path.join(root, 'org-1'))).toEqual(['file-1']);
    expect((await buffer((await storage.get('org-1/file-1'))!)).equals(bytes)).toBe(true);
    await storage.delete('org-1/file-1');
    expect(await storage.get('org-1/file-1')).toBeNull();
    await expect(storage.delete('org-1/file-1')).resolves.toBeUndefined();
  });

  it('leaves nothing behind when the stream fails half way', async () => {
    function* failing() {
      yield Buffer.alloc(1024, 1);
      throw new Error('client went away');
    }
    await expect(storage.put('org-2/file-2', Readable.from(failing()))).rejects.toThrow(
      'client went away',
    );
    expect(readdirSync(path.join(root, 'org-2'))).toEqual([]);
  });

  it('leaves nothing behind when the stream fails before the file is even open', async () => {
    // A body refused at its first bytes (a 415) fails before the partial file's open
    // completes; the open must not create the file after the clean-up ran.
    for (let i = 0; i < 25; i += 1) {
      const refused = new Readable({
        read() {
          this.destroy(new Error('not an image'));
        },
      });
      await expect(storage.put(`org-3/file-${i}`, refused)).rejects.toThrow('not an image');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readdirSync(path.join(root, 'org-3'))).toEqual([]);
  });

  it.each(['../escape', 'org/../../etc/passwd', '/absolute', 'org//file', 'org/.hidden', ''])(
    'refuses the unsafe key %j',
    async (key) => {
      await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(
        'Unsafe storage key',
      );
      await expect(storage.get(key)).rejects.toThrow('Unsafe storage key');
    },
  );
});
