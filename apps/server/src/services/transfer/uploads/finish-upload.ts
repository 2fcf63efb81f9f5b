import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_METADATA } from '@revlane/contracts';
import type { FastifyInstance } from 'fastify';
import {
  csvFileOf,
  findSource,
  insertSource,
  updateSource,
  queueSync,
} from '../../../ingestion/index.js';
import { sharedDirOf } from '../../../platform/storage/shared-dir.js';
import type { Uploader } from './upload-ids.js';

type Transfer = Pick<FastifyInstance, 'db' | 'jobs' | 'config' | 'csvLoadAhead'>;

export interface FinishedUpload extends Uploader {
  uploadId: string;
  /** Where the file store wrote the bytes. */
  file: string;
  metadata: Record<string, string | null | undefined>;
}

/** The source name an upload gets: the file's name without `.csv`. */
const sourceNameOf = (fileName: string) =>
  fileName.replace(/\.csv$/i, '').slice(0, 100) || 'CSV file';

/**
 * A finished upload becomes a CSV source's file: the named source's (replacing its file)
 * or a new source's, and its sync starts. Answers the source and the sync.
 */
export async function finishUpload(app: Transfer, upload: FinishedUpload) {
  const fileName = upload.metadata[UPLOAD_METADATA.fileName] ?? 'data.csv';
  const requested = upload.metadata[UPLOAD_METADATA.sourceId];
  let sourceId: string;
  if (requested) {
    const source = await findSource(app.db, upload.orgId, requested);
    if (!source || source.type !== 'csv') throw new Error('The source disappeared');
    await updateSource(app.db, upload.orgId, source.id, {
      config: { ...source.config, fileName },
    });
    sourceId = source.id;
  } else {
    sourceId = randomUUID();
    await insertSource(app.db, {
      id: sourceId,
      orgId: upload.orgId,
      type: 'csv',
      name: sourceNameOf(fileName),
      config: { fileName },
      createdBy: upload.userId,
    });
  }
  const target = csvFileOf(sharedDirOf(app.config), upload.orgId, sourceId);
  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  await rename(upload.file, target);
  await rm(`${upload.file}.json`, { force: true });
  // What was loaded while the bytes arrived is this source's sync's to claim (ADR 0029).
  app.csvLoadAhead.finish(upload.uploadId, sourceId);
  const run = await queueSync(app.db, app.jobs, upload.orgId, sourceId);
  return { sourceId, syncId: run.id };
}
