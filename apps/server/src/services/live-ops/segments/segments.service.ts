import type {
  BaseTable,
  CreateSegmentBody,
  SegmentDependent,
  SegmentDetail,
  SegmentSummary,
  SegmentVersion,
  UpdateSegmentBody,
} from '@revlane/contracts';
import { isSameFilters } from '@revlane/contracts';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import type { Database } from '../../../platform/database/database.js';
import { isUniqueViolation } from '../../../platform/database/unique-violation.js';
import { countedKinds } from '../../../platform/dependents/counted-kinds.js';
import { badRequest, HttpError, notFound } from '../../../platform/errors/http-error.js';
import type { WarehouseAccess } from '../../../warehouse/index.js';
import { cohortsOfSegment, toDependentErrors } from '../cohorts/cohort-dependents.js';
import { announceDefinitionChange } from '../cohorts/definition-changed.js';
import { toCohortVersion } from '../cohorts/cohort-response.js';
import { versionOfChange } from '../cohorts/cohort-versions.repository.js';
import { forgetCachedSegments, findSegmentCached } from './segment-cache.js';
import { toSegmentDetail } from './segment-defaults.js';
import { insertSegmentVersion, listSegmentVersions } from './segment-versions.repository.js';
import {
  deleteSegment,
  findSegment,
  hasCohorts,
  insertSegment,
  isSegmentNameTaken,
  listSegmentSummaries,
  lockSegment,
  updateSegment,
  type SegmentRecord,
} from './segments.repository.js';
import { checkSegmentSettings } from './settings-check.js';

/**
 * The segments the menu shows the user. Every member of an organization sees all of its
 * segments for now; per-user visibility would narrow this list, not change its shape.
 * While impersonating, `auth.org` is the impersonated user's organization.
 */
export function listMySegments(db: Database, auth: AuthContext): Promise<SegmentSummary[]> {
  return listSegmentSummaries(db, auth.org.id);
}

/** The segment of the organization, or 404 (also for another organization's id). */
export async function requireSegment(
  db: Database,
  orgId: string,
  segmentId: string,
): Promise<SegmentRecord> {
  const segment = await findSegment(db, orgId, segmentId);
  if (!segment) throw notFound('Segment');
  return segment;
}

/** requireSegment for hot reads (segment data): the row may be a few seconds old at most. */
export async function requireSegmentCached(
  db: Database,
  orgId: string,
  segmentId: string,
): Promise<SegmentRecord> {
  const segment = await findSegmentCached(db, orgId, segmentId);
  if (!segment) throw notFound('Segment');
  return segment;
}

async function statusOf(warehouse: WarehouseAccess, orgId: string) {
  return (await warehouse.reader.status(orgId)).state;
}

export async function getSegmentDetail(
  db: Database,
  warehouse: WarehouseAccess,
  auth: AuthContext,
  segmentId: string,
): Promise<SegmentDetail> {
  const segment = await requireSegment(db, auth.org.id, segmentId);
  return toSegmentDetail(segment, await statusOf(warehouse, auth.org.id));
}

/**
 * The checks a new segment and a settings change share: settings against the base table's
 * catalogue (a 400 naming each `body.…`), then the name unique in the organization (a 409).
 */
async function checkSegmentBody(
  app: FastifyInstance,
  orgId: string,
  baseTable: BaseTable,
  body: UpdateSegmentBody,
  problem: string,
  segmentId?: string,
): Promise<void> {
  const catalogue = await app.warehouse.reader.catalogue(orgId);
  const errors = checkSegmentSettings(catalogue, baseTable, body, app.warehouse.engine.dialect);
  if (errors.length > 0) throw badRequest(problem, errors);
  if (body.name !== undefined && (await isSegmentNameTaken(app.db, orgId, body.name, segmentId)))
    throw nameConflict(body.name);
}

/**
 * `PATCH segments/{id}`: settings checked against the base table's catalogue first. A new
 * name or base filter set writes a version (like a cohort's), and new base filters ask for
 * fresh cohort snapshots, since every cohort of the segment starts from them.
 */
export async function updateSegmentSettings(
  app: FastifyInstance,
  auth: AuthContext,
  segmentId: string,
  body: UpdateSegmentBody,
): Promise<SegmentDetail> {
  const { db, warehouse } = app;
  const orgId = auth.org.id;
  const segment = await requireSegment(db, orgId, segmentId);
  await checkSegmentBody(
    app,
    orgId,
    segment.baseTable,
    body,
    'The segment settings are invalid',
    segmentId,
  );
  let result: { updated: SegmentRecord | undefined; filtersChanged: boolean };
  try {
    result = await db.transaction(async (tx) => {
      const current = await lockSegment(tx, orgId, segmentId);
      if (!current) return { updated: undefined, filtersChanged: false };
      const name = body.name ?? current.name;
      const filters = body.filters ?? current.filters;
      const filtersChanged = !isSameFilters(current.filters, filters);
      const updated = await updateSegment(tx, orgId, segmentId, body);
      forgetCachedSegments();
      if (name !== current.name || filtersChanged) {
        await insertSegmentVersion(tx, {
          segmentId,
          orgId,
          ...versionOfChange(auth.user.id, current, { name, filters }),
        });
      }
      return { updated, filtersChanged };
    });
  } catch (error) {
    // Two renames racing to the same name: the unique index decides.
    if (isUniqueViolation(error)) throw nameConflict(body.name ?? '');
    throw error;
  }
  // A data request between the update and the commit may have cached the old row.
  forgetCachedSegments();
  if (!result.updated) throw notFound('Segment');
  if (result.filtersChanged) await announceDefinitionChange(app, orgId);
  return toSegmentDetail(result.updated, await statusOf(warehouse, orgId));
}

/** `GET segments/{id}/versions`: newest first. */
export async function getSegmentVersions(
  db: Database,
  auth: AuthContext,
  segmentId: string,
): Promise<SegmentVersion[]> {
  const segment = await requireSegment(db, auth.org.id, segmentId);
  return (await listSegmentVersions(db, auth.org.id, segment.id)).map(toCohortVersion);
}

/** 409 naming the field, so a form shows it beside the name input. */
const nameConflict = (name: string) => {
  const message = `A segment named "${name}" already exists in your organization`;
  return new HttpError(409, message, [{ path: 'body.name', message }]);
};

/**
 * `POST segments`: a new segment of the organization, last in the menu. Its starting base
 * filters are checked against the base table's catalogue exactly as `PATCH segments/{id}`
 * checks them (a 400 naming `body.filters[i]…`); names follow the rename rule (unique in the
 * organization, else 409). Members may create, as they may change settings (docs/product.md §6).
 * The definition as created is what the first version's `previous*` will hold.
 */
export async function createSegment(
  app: FastifyInstance,
  auth: AuthContext,
  body: CreateSegmentBody,
): Promise<SegmentDetail> {
  const { db, warehouse } = app;
  const orgId = auth.org.id;
  const filters = body.filters ?? [];
  await checkSegmentBody(
    app,
    orgId,
    body.baseTable,
    { name: body.name, filters },
    'The segment is invalid',
  );
  let created: SegmentRecord;
  try {
    created = await insertSegment(db, orgId, {
      name: body.name,
      baseTable: body.baseTable,
      filters,
    });
  } catch (error) {
    // Two creations racing to the same name: the unique index decides.
    if (isUniqueViolation(error)) throw nameConflict(body.name);
    throw error;
  }
  return toSegmentDetail(created, await statusOf(warehouse, orgId));
}

/** What deleting the segment would break: its cohorts, and the alerts and plays on them. */
function dependentsOf(app: FastifyInstance, orgId: string, segmentId: string) {
  return cohortsOfSegment(app.db, app.dependents.cohorts, orgId, segmentId);
}

/** `GET segments/{id}/dependents`: listed by the delete dialog before the user confirms. */
export async function getSegmentDependents(
  app: FastifyInstance,
  auth: AuthContext,
  segmentId: string,
): Promise<SegmentDependent[]> {
  const segment = await requireSegment(app.db, auth.org.id, segmentId);
  return dependentsOf(app, auth.org.id, segment.id);
}

/**
 * `DELETE segments/{id}`: refused with a 409 naming its cohorts and their alerts and plays
 * while it has any (ADR 0006), as a source's delete is; then nothing is deleted. The row is
 * locked before the last check, so a cohort saved meanwhile either shows in the check or waits
 * and fails on its missing segment: the delete never takes a cohort with it.
 */
export async function removeSegment(
  app: FastifyInstance,
  auth: AuthContext,
  segmentId: string,
): Promise<void> {
  const orgId = auth.org.id;
  const segment = await requireSegment(app.db, orgId, segmentId);
  const refuse = (dependents: readonly SegmentDependent[]) =>
    new HttpError(
      409,
      `"${segment.name}" is used by ${countedKinds(dependents)}; change or delete them first`,
      toDependentErrors(dependents),
    );
  const dependents = await dependentsOf(app, orgId, segment.id);
  if (dependents.length > 0) throw refuse(dependents);
  const outcome = await app.db.transaction(async (tx) => {
    if (!(await lockSegment(tx, orgId, segment.id))) return 'gone';
    if (await hasCohorts(tx, orgId, segment.id)) return 'used';
    await deleteSegment(tx, orgId, segment.id);
    return 'deleted';
  });
  forgetCachedSegments();
  if (outcome === 'gone') throw notFound('Segment');
  if (outcome === 'used') throw refuse(await dependentsOf(app, orgId, segment.id));
}
