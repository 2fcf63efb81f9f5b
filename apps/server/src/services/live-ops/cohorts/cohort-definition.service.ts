import type { Cohort, CreateCohortBody, FilterItem, UpdateCohortBody } from '@revlane/contracts';
import { isSameFilters } from '@revlane/contracts';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import { badRequest, HttpError, notFound } from '../../../platform/errors/http-error.js';
import type { SegmentRecord } from '../segments/segments.repository.js';
import { requireSegment } from '../segments/segments.service.js';
import { uniqueNameGuard } from '../unique-name.js';
import { announceDefinitionChange } from './definition-changed.js';
import { checkCohortFilters } from './cohort-filters-check.js';
import { toCohort } from './cohort-response.js';
import { insertCohortVersion, versionOfChange } from './cohort-versions.repository.js';
import {
  insertCohort,
  isCohortNameTaken,
  lockCohort,
  setFavorite,
  updateCohort,
} from './cohorts.repository.js';
import { requireCohort, requireSegmentCohort } from './cohorts.service.js';

/** 409 that names the field, so the form can show it next to the name input. */
const nameConflict = (name: string) => {
  const message = `A cohort named "${name}" already exists in this segment`;
  return new HttpError(409, message, [{ path: 'body.name', message }]);
};

async function assertValidFilters(
  app: FastifyInstance,
  segment: SegmentRecord,
  filters: FilterItem[],
) {
  const catalogue = await app.warehouse.reader.catalogue(segment.orgId);
  const errors = checkCohortFilters(catalogue, segment.baseTable, filters);
  if (errors.length > 0) throw badRequest('The cohort filters are invalid', errors);
}

/** Runs a write that may hit the (segment, name) unique index when two requests race. */
const guardName = uniqueNameGuard(nameConflict);

/**
 * `POST segments/{id}/cohorts`: the cohort and its version 1, in one transaction; then its
 * first count (members and today's trend point) and a back-fill of its history (ADR 0013).
 */
export async function createCohort(
  app: FastifyInstance,
  auth: AuthContext,
  segmentId: string,
  body: CreateCohortBody,
): Promise<Cohort> {
  const { db } = app;
  const orgId = auth.org.id;
  const segment = await requireSegment(db, orgId, segmentId);
  await assertValidFilters(app, segment, body.filters);
  if (await isCohortNameTaken(db, orgId, segment.id, body.name)) throw nameConflict(body.name);
  const created = await guardName(body.name, () =>
    db.transaction(async (tx) => {
      const cohort = await insertCohort(tx, {
        orgId,
        segmentId: segment.id,
        name: body.name,
        filters: body.filters,
        createdBy: auth.user.id,
        // Its history is back-filled from the as-of series at once (ADR 0013).
        historyRequestedAt: new Date(),
      });
      await insertCohortVersion(tx, {
        cohortId: cohort.id,
        orgId,
        changedBy: auth.user.id,
        previousName: null,
        name: cohort.name,
        previousFilters: null,
        filters: cohort.filters,
      });
      if (body.favorite) await setFavorite(tx, auth.user.id, cohort.id, true);
      return cohort;
    }),
  );
  // Its first count is taken before this answer (docs/product.md §4), so read it back.
  await announceDefinitionChange(app, orgId, created.id);
  return toCohort(await requireCohort(db, auth, created.id));
}

/**
 * `PATCH segments/{id}/cohorts/{cohortId}`. A new name or new filters write a version
 * (before and after, who, when) with the change; a star is the user's own and no version;
 * sending what is already there changes nothing.
 */
export async function changeCohort(
  app: FastifyInstance,
  auth: AuthContext,
  segmentId: string,
  cohortId: string,
  body: UpdateCohortBody,
): Promise<Cohort> {
  const { db } = app;
  const orgId = auth.org.id;
  const segment = await requireSegment(db, orgId, segmentId);
  await requireSegmentCohort(db, auth, segment.id, cohortId);
  if (body.filters) await assertValidFilters(app, segment, body.filters);
  if (
    body.name !== undefined &&
    (await isCohortNameTaken(db, orgId, segment.id, body.name, cohortId))
  )
    throw nameConflict(body.name);
  const { filtersChanged } = await guardName(body.name, () =>
    db.transaction(async (tx) => {
      const current = await lockCohort(tx, orgId, cohortId);
      if (!current) throw notFound('Cohort');
      const name = body.name ?? current.name;
      const filters = body.filters ?? current.filters;
      const isNewFilters = !isSameFilters(current.filters, filters);
      if (name !== current.name || isNewFilters) {
        // New filters make the old history another cohort's: it is rebuilt (ADR 0013).
        const historyRequestedAt = isNewFilters ? new Date() : current.historyRequestedAt;
        await updateCohort(tx, orgId, cohortId, { name, filters, historyRequestedAt });
        await insertCohortVersion(tx, {
          cohortId,
          orgId,
          ...versionOfChange(auth.user.id, current, { name, filters }),
        });
      }
      if (body.favorite !== undefined) await setFavorite(tx, auth.user.id, cohortId, body.favorite);
      return { filtersChanged: isNewFilters };
    }),
  );
  if (filtersChanged) await announceDefinitionChange(app, orgId);
  return toCohort(await requireCohort(db, auth, cohortId));
}
