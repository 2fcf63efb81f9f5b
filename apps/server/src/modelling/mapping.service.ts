import type {
  Mapping,
  MappingBody,
  MappingPreview,
  MappingRun,
  MappingVersion,
} from '@revlane/contracts';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../platform/auth/auth-context.js';
import { badRequest, notFound } from '../platform/errors/http-error.js';
import type { JobQueue } from '../platform/jobs/job-queue.js';
import type { Database } from '../platform/database/database.js';
import { MAPPING_PUBLISH_JOB, type MappingPublishJob } from './mapping-jobs.js';
import { previewMapping } from './mapping-preview.js';
import {
  findDraft,
  findLatestRun,
  findRun,
  insertRun,
  insertVersion,
  listVersions,
  saveDraft,
  type MappingRunRecord,
} from './mapping.repository.js';
import { resolveMapping } from './resolve-mapping.js';
import { toRun } from '../ingestion/index.js';

type Composer = Pick<FastifyInstance, 'db' | 'jobs' | 'warehouse'>;

export function toMappingRun(row: MappingRunRecord): MappingRun {
  return { ...toRun(row), version: row.version };
}

export async function getMappingVersions(app: Composer, auth: AuthContext) {
  const rows = await listVersions(app.db, auth.org.id);
  return rows.map((row): MappingVersion => ({
    version: row.version,
    mapping: row.mapping,
    publishedBy: row.publisherId ? { id: row.publisherId, name: row.publisherName } : null,
    publishedAt: row.publishedAt.toISOString(),
  }));
}

export async function getMapping(app: Composer, auth: AuthContext): Promise<Mapping> {
  const draft = await findDraft(app.db, auth.org.id);
  const [published] = await getMappingVersions(app, auth);
  const latestRun = await findLatestRun(app.db, auth.org.id);
  return {
    draft: draft?.mapping ?? null,
    draftUpdatedAt: draft ? draft.updatedAt.toISOString() : null,
    published: published ?? null,
    latestRun: latestRun ? toMappingRun(latestRun) : null,
  };
}

/** `PUT mapping`: a draft is saved only when every name in it resolves (400 otherwise). */
export async function saveMappingDraft(app: Composer, auth: AuthContext, body: MappingBody) {
  await resolveMapping(app.db, app.warehouse.engine, auth.org.id, body);
  await saveDraft(app.db, auth.org.id, auth.user.id, body);
  return getMapping(app, auth);
}

async function draftOrBody(app: Composer, auth: AuthContext, body: MappingBody | undefined) {
  if (body) return body;
  const draft = await findDraft(app.db, auth.org.id);
  if (!draft) throw badRequest('There is no mapping yet: save one first');
  return draft.mapping;
}

export async function previewMappingOf(
  app: Composer,
  auth: AuthContext,
  body: MappingBody | undefined,
): Promise<MappingPreview> {
  const mapping = await draftOrBody(app, auth, body);
  const resolved = await resolveMapping(app.db, app.warehouse.engine, auth.org.id, mapping);
  return previewMapping(app.warehouse.engine, auth.org.id, resolved);
}

/** Queues a run building the canonical tables from a version. */
export async function queueMappingRun(
  db: Database,
  jobs: JobQueue,
  orgId: string,
  version: number,
) {
  const run = await insertRun(db, orgId, version);
  await jobs.send<MappingPublishJob>(MAPPING_PUBLISH_JOB, { orgId, runId: run.id });
  return run;
}

/** `POST mapping/publish`: the draft becomes the next version and a run builds it. */
export async function publishMapping(app: Composer, auth: AuthContext) {
  const mapping = await draftOrBody(app, auth, undefined);
  await resolveMapping(app.db, app.warehouse.engine, auth.org.id, mapping);
  const version = await insertVersion(app.db, auth.org.id, auth.user.id, mapping);
  const run = await queueMappingRun(app.db, app.jobs, auth.org.id, version);
  return { id: run.id };
}

export async function getMappingRun(app: Composer, auth: AuthContext, runId: string) {
  const run = await findRun(app.db, auth.org.id, runId);
  if (!run) throw notFound('Mapping run');
  return toMappingRun(run);
}
