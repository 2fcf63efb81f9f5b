import { randomUUID } from 'node:crypto';
import { pipeline, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { MAX_UPLOAD_BYTES, type StoredFile } from '@revlane/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import type { Database } from '../../../platform/database/database.js';
import { HttpError, notFound } from '../../../platform/errors/http-error.js';
import type { FileStorage } from '../../../platform/storage/file-storage.js';
import { fileUrlsFor, originalKey, thumbnailKey } from './file-urls.js';
import { findFileByCapability, insertFile, type FileRecord } from './files.repository.js';
import { ImageUnreadable, renderThumbnail } from './image-format.js';
import { limitBytes, sniffImage } from './upload-guards.js';

export const UPLOAD_ERRORS = {
  tooLarge: 'The file is larger than 5 MB.',
  notAnImage: 'Only PNG, JPEG, WebP or GIF images can be uploaded.',
} as const;

export interface ContentDeps {
  db: Database;
  storage: FileStorage;
  /** The content service's public base URL (`config.services.content`). */
  contentBaseUrl: string;
}

const tooLarge = () => new HttpError(413, UPLOAD_ERRORS.tooLarge);
const notAnImage = () => new HttpError(415, UPLOAD_ERRORS.notAnImage);

export function toStoredFile(contentBaseUrl: string, file: FileRecord): StoredFile {
  const { id, contentType, size } = file;
  return { id, contentType, size, ...fileUrlsFor(contentBaseUrl, id) };
}

/**
 * Stores an uploaded image and its thumbnail, then records it. Checks run on the stream
 * (size, type from the first bytes), and the record is written last: a refused or failed
 * upload leaves neither bytes nor a row behind.
 */
export async function storeImage(
  deps: ContentDeps,
  auth: AuthContext,
  upload: Readable,
): Promise<StoredFile> {
  const { db, storage, contentBaseUrl } = deps;
  const file = { id: randomUUID(), orgId: auth.org.id };
  const sniffer = sniffImage(notAnImage);
  // Callback form: an error anywhere (client gone, too large, not an image) destroys the
  // last stream with that error, which is what storage.put sees and rethrows.
  const checked = pipeline(upload, limitBytes(MAX_UPLOAD_BYTES, tooLarge), sniffer, () => {});
  const size = await storage.put(originalKey(file), checked);
  try {
    const thumbnail = await renderThumbnail(await readStored(storage, originalKey(file)));
    await storage.put(thumbnailKey(file), Readable.from([thumbnail]));
    const record = await insertFile(db, {
      ...file,
      ownerUserId: auth.user.id,
      contentType: sniffer.type!,
      size,
    });
    return toStoredFile(contentBaseUrl, record);
  } catch (error) {
    await Promise.all([storage.delete(originalKey(file)), storage.delete(thumbnailKey(file))]);
    if (error instanceof ImageUnreadable) throw notAnImage();
    throw error;
  }
}

async function readStored(storage: FileStorage, key: string): Promise<Buffer> {
  const stream = await storage.get(key);
  if (!stream) throw new Error(`Stored file ${key} vanished before its thumbnail was made`);
  return buffer(stream);
}

export interface ServedFile {
  stream: Readable;
  contentType: string;
  size: number | undefined;
}

/**
 * The bytes behind a file URL, for anyone holding it (ADR 0005). An unknown or malformed
 * id is a 404, as is a record whose bytes are gone.
 */
export async function openFile(
  deps: ContentDeps,
  fileId: string,
  variant: 'original' | 'thumbnail',
): Promise<ServedFile> {
  const file = await findFileByCapability(deps.db, fileId);
  if (!file) throw notFound('File');
  const isOriginal = variant === 'original';
  const stream = await deps.storage.get(isOriginal ? originalKey(file) : thumbnailKey(file));
  if (!stream) throw notFound('File');
  return isOriginal
    ? { stream, contentType: file.contentType, size: file.size }
    : { stream, contentType: 'image/webp', size: undefined };
}
