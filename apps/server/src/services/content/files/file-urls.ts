import { CONTENT_API } from '@revlane/contracts';
import type { Database } from '../../../platform/database/database.js';
import { findOrganizationFile, type FileRecord } from './files.repository.js';

/** Storage keys: the organization's folder, then the file id (docs/architecture.md §3.2). */
export const originalKey = (file: Pick<FileRecord, 'orgId' | 'id'>) => `${file.orgId}/${file.id}`;
export const thumbnailKey = (file: Pick<FileRecord, 'orgId' | 'id'>) =>
  `${file.orgId}/${file.id}.thumbnail`;

/** Absolute URLs, so the SPA can use them as they are in an <img> wherever it runs. */
export function fileUrlsFor(contentBaseUrl: string, fileId: string) {
  return {
    url: `${contentBaseUrl}/${CONTENT_API.file(fileId)}`,
    thumbnailUrl: `${contentBaseUrl}/${CONTENT_API.thumbnail(fileId)}`,
  };
}

const FILE_PATH = /^files\/([0-9a-f-]{36})(\/thumbnail)?$/i;

/**
 * The file id a URL of this content service names (the file or its thumbnail), else
 * null. Only exact URLs count: no query, no fragment, no other host or mount.
 */
export function fileIdFromUrl(contentBaseUrl: string, url: string): string | null {
  const prefix = `${contentBaseUrl}/`;
  if (!url.startsWith(prefix)) return null;
  return FILE_PATH.exec(url.slice(prefix.length))?.[1] ?? null;
}

/**
 * True when the URL is the `url` or `thumbnailUrl` of a file the organization stored. Other
 * services reference files only by these URLs, so this is the one check they need: it keeps
 * a profile from pointing at another organization's file or at any address on the web.
 */
export async function isOrganizationFileUrl(
  db: Database,
  contentBaseUrl: string,
  orgId: string,
  url: string,
): Promise<boolean> {
  const fileId = fileIdFromUrl(contentBaseUrl, url);
  if (!fileId) return false;
  return (await findOrganizationFile(db, orgId, fileId)) !== undefined;
}
