import type { SegmentDetail, SegmentSummary, UpdateSegmentBody } from '@revlane/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import type { Database } from '../../../platform/database/database.js';
import { isUniqueViolation } from '../../../platform/database/unique-violation.js';
import { badRequest, conflict, notFound } from '../../../platform/errors/http-error.js';
import type { WarehouseAccess } from '../../../platform/warehouse/warehouse-plugin.js';
import { toSegmentDetail } from './segment-defaults.js';
import {
  findSegment,
  isSegmentNameTaken,
  listSegmentSummaries,
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

/** `PATCH segments/{id}`: settings checked against the base table's catalogue first. */
export async function updateSegmentSettings(
  db: Database,
  warehouse: WarehouseAccess,
  auth: AuthContext,
  segmentId: string,
  body: UpdateSegmentBody,
): Promise<SegmentDetail> {
  const orgId = auth.org.id;
  const segment = await requireSegment(db, orgId, segmentId);
  const errors = checkSegmentSettings(segment.baseTable, body, warehouse.engine.dialect);
  if (errors.length > 0) throw badRequest('The segment settings are invalid', errors);
  if (body.name !== undefined && (await isSegmentNameTaken(db, orgId, body.name, segmentId)))
    throw nameConflict(body.name);
  let updated: SegmentRecord | undefined;
  try {
    updated = await updateSegment(db, orgId, segmentId, body);
  } catch (error) {
    // Two renames racing to the same name: the unique index decides.
    if (isUniqueViolation(error)) throw nameConflict(body.name ?? '');
    throw error;
  }
  if (!updated) throw notFound('Segment');
  return toSegmentDetail(updated, await statusOf(warehouse, orgId));
}

const nameConflict = (name: string) =>
  conflict(`A segment named "${name}" already exists in your organization`);
