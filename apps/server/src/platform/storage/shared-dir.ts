import { copyFile, link, mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfigServer } from '../config.js';

type Dirs = Pick<AppConfigServer, 'dataDir' | 'uploadDir'>;

/** The directories under the shared one, beside tus's uploads in progress. */
export const SHARED_SUBDIRS = ['sources', 'files'] as const;

/**
 * The directory every process must see (ADR 0035), holding `sources/` (each CSV source's
 * file, `sources/<org>/<source>.csv`) and `files/` (stored files, `files/<org>/<file>`).
 * Uploads in progress are tus's, in `uploadDir` itself (UPLOAD_DIR).
 *
 * - UPLOAD_DIR unset (or `<dataDir>/uploads`): the data directory, as before ADR 0035 —
 *   `<dataDir>/uploads`, `<dataDir>/sources`, `<dataDir>/files`; one process, nothing moves.
 * - UPLOAD_DIR set: UPLOAD_DIR — uploads in progress in `<UPLOAD_DIR>` and the finished ones
 *   in `<UPLOAD_DIR>/sources`, stored files in `<UPLOAD_DIR>/files`. tus's names never clash
 *   with them: an upload id is `<org id>_<32 hex>`.
 */
export function sharedDirOf({ dataDir, uploadDir }: Dirs): string {
  return uploadDir === path.join(dataDir, 'uploads') ? dataDir : uploadDir;
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * Moves what an install kept in its data directory before UPLOAD_DIR was set (`sources/`,
 * `files/`) into the shared directory, once, at start: an existing install keeps its CSV
 * files and stored files when it sets UPLOAD_DIR (ADR 0035). A file already in the shared
 * directory wins (another process wrote it since) and the old one stays where it was, noted
 * in the log. Across file systems a file is copied beside its target, renamed into place
 * and then removed, so a reader never sees half of it; processes starting together on one
 * data directory each move what the other has not.
 */
export async function adoptDataDirFiles(config: Dirs, log: FastifyBaseLogger): Promise<void> {
  const shared = sharedDirOf(config);
  if (shared === config.dataDir) return;
  let moved = 0;
  const kept: string[] = [];
  for (const subdir of SHARED_SUBDIRS) {
    const from = path.join(config.dataDir, subdir);
    const entries = await readdir(from, { recursive: true, withFileTypes: true }).catch(
      (error: unknown) => {
        if (errorCode(error) === 'ENOENT') return [];
        throw error;
      },
    );
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const source = path.join(entry.parentPath, entry.name);
      const target = path.join(shared, subdir, path.relative(from, source));
      if (await moveUnlessPresent(source, target)) moved += 1;
      else if (
        await stat(source).then(
          () => true,
          () => false,
        )
      )
        kept.push(target);
    }
    await removeEmptyDirectories(from);
  }
  if (moved > 0)
    log.info({ moved, to: shared }, 'files moved from the data directory to UPLOAD_DIR');
  if (kept.length > 0)
    log.warn(
      { kept: kept.length, example: kept[0] },
      'files left in the data directory: UPLOAD_DIR already holds files of the same name',
    );
}

/** True when the file now is at `target` thanks to this call; false when it was there. */
async function moveUnlessPresent(source: string, target: string): Promise<boolean> {
  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  try {
    if (!(await placeUnlessPresent(source, target))) return false;
    await rm(source, { force: true });
    return true;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    if (errorCode(error) !== 'EXDEV') throw error;
  }
  const partial = `${target}.${process.pid}.moving`;
  try {
    await copyFile(source, partial);
    if (!(await placeUnlessPresent(partial, target))) return false;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    throw error;
  } finally {
    await rm(partial, { force: true });
  }
  await rm(source, { force: true });
  return true;
}

/**
 * Gives the file a second name, `target`, unless that exists (a hard link never replaces
 * a file); where links are not supported, renames it.
 */
async function placeUnlessPresent(file: string, target: string): Promise<boolean> {
  try {
    await link(file, target);
    return true;
  } catch (error) {
    const code = errorCode(error);
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
  }
  if (
    await stat(target).then(
      () => true,
      () => false,
    )
  )
    return false;
  await rename(file, target);
  return true;
}

/** Removes the directory and the directories under it that are (now) empty. */
async function removeEmptyDirectories(directory: string): Promise<void> {
  const entries = await readdir(directory, { withFileTypes: true }).catch(() => null);
  if (!entries) return;
  for (const entry of entries)
    if (entry.isDirectory()) await removeEmptyDirectories(path.join(directory, entry.name));
  await rmdir(directory).catch(() => undefined);
}
