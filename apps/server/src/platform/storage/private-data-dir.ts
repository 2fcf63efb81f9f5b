import { chmod, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Makes what the server keeps its own user's alone: from now on every file it creates is
 * 0600 and every directory 0700 (umask 077: warehouse files, uploads, the metadata database),
 * and what an earlier version left readable to others under the data directory is tightened.
 * Run once by the server process before it opens anything; symbolic links are left as they are.
 * PGlite sets the modes of its own files (0644); its directories, created under this umask,
 * keep them out of reach.
 */
export async function keepDataDirPrivate(dataDir: string): Promise<void> {
  process.umask(0o077);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700);
  for (const entry of await readdir(dataDir, { recursive: true, withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const full = path.join(entry.parentPath, entry.name);
    // A file gone since the listing (a finished upload moved) needs nothing.
    await chmod(full, entry.isDirectory() ? 0o700 : 0o600).catch(() => undefined);
  }
}
