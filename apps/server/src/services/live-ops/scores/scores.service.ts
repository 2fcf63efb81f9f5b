import type {
  BaseTable,
  CreateScoreBody,
  Score,
  ScoreFitRule,
  ScoreVersion,
  UpdateScoreBody,
} from '@revlane/contracts';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import { requireAdmin } from '../../../platform/auth/require-admin.js';
import type { Database } from '../../../platform/database/database.js';
import { isUniqueViolation } from '../../../platform/database/unique-violation.js';
import { badRequest, HttpError, notFound } from '../../../platform/errors/http-error.js';
import { uniqueNameGuard } from '../unique-name.js';
import { findScoreDependents, toScoreDependentErrors } from './score-dependents.js';
import { toScore, toScoreVersion } from './score-response.js';
import { checkFitRules } from './score-rules-check.js';
import { uniqueScoreSlug } from './score-slug.js';
import { announceScoreChange } from './score-warehouse.js';
import {
  findScore,
  insertScore,
  insertScoreVersion,
  isScoreNameTaken,
  listOrgScores,
  listOrgSlugs,
  listScoreVersions,
  lockScore,
  softDeleteScore,
  updateScore,
  type ScoreRow,
} from './scores.repository.js';

/** 409 that names the field, so the form can show it next to the name input. */
const nameConflict = (name: string) => {
  const message = `A score named "${name}" already exists`;
  return new HttpError(409, message, [{ path: 'body.name', message }]);
};

/** The organization's live score, or 404 (also for another organization's or a deleted one). */
export async function requireScore(db: Database, orgId: string, scoreId: string) {
  const score = await findScore(db, orgId, scoreId);
  if (!score) throw notFound('Score');
  return score;
}

/** 400 naming each fit filter the organization's catalogue of the table refuses. */
export async function assertValidFit(
  app: FastifyInstance,
  orgId: string,
  table: BaseTable,
  fit: readonly ScoreFitRule[],
): Promise<void> {
  if (fit.length === 0) return;
  const catalogue = await app.warehouse.reader.catalogue(orgId);
  const errors = checkFitRules(catalogue, table, fit, await listOrgSlugs(app.db, orgId));
  if (errors.length > 0) throw badRequest('The fit rules are invalid', errors);
}

/** Runs a write that may hit the (organization, name) unique index when two requests race. */
const guardName = uniqueNameGuard(nameConflict);

/**
 * A create races another for the name (409) or only for the slug ("Fit" and "fit" at once):
 * then it takes the next free slug, a few times at most.
 */
async function retrySlugRace<T>(
  db: Database,
  orgId: string,
  name: string,
  write: () => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt >= 3 || (await isScoreNameTaken(db, orgId, name))) throw nameConflict(name);
    }
  }
}

export async function listScores(db: Database, auth: AuthContext): Promise<Score[]> {
  return (await listOrgScores(db, auth.org.id)).map(toScore);
}

export async function getScore(db: Database, auth: AuthContext, scoreId: string) {
  return toScore(await requireScore(db, auth.org.id, scoreId));
}

export async function getScoreVersions(
  db: Database,
  auth: AuthContext,
  scoreId: string,
): Promise<ScoreVersion[]> {
  const score = await requireScore(db, auth.org.id, scoreId);
  return (await listScoreVersions(db, auth.org.id, score.id)).map(toScoreVersion);
}

/**
 * `POST scores` (admins): the score with its slug (fixed for good) and its version 1, in one
 * transaction; then the organization's definitions go to its warehouse and a rebuild is
 * queued, which the answer does not wait for.
 */
export async function createScore(
  app: FastifyInstance,
  auth: AuthContext,
  body: CreateScoreBody,
): Promise<Score> {
  requireAdmin(auth, 'create scores');
  const { db } = app;
  const orgId = auth.org.id;
  await assertValidFit(app, orgId, body.baseTable, body.fit);
  if (await isScoreNameTaken(db, orgId, body.name)) throw nameConflict(body.name);
  const catalogue = await app.warehouse.reader.catalogue(orgId);
  const created = await retrySlugRace(db, orgId, body.name, () =>
    db.transaction(async (tx) => {
      const slug = uniqueScoreSlug(
        body.name,
        await listOrgSlugs(tx, orgId),
        catalogue,
        body.baseTable,
      );
      const score = await insertScore(tx, {
        orgId,
        name: body.name,
        slug,
        baseTable: body.baseTable,
        fit: body.fit,
        behaviour: body.behaviour,
        grades: body.grades ?? null,
        createdBy: auth.user.id,
        seedKey: null,
      });
      await insertScoreVersion(tx, score, auth.user.id);
      return score;
    }),
  );
  await announceScoreChange(app, orgId);
  return toScore(created);
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * `PATCH scores/{id}` (admins): a new name, rules or grades make a new version; the base
 * table and the slug stay. Sending what is already there changes nothing.
 */
export async function changeScore(
  app: FastifyInstance,
  auth: AuthContext,
  scoreId: string,
  body: UpdateScoreBody,
): Promise<Score> {
  requireAdmin(auth, 'change scores');
  const { db } = app;
  const orgId = auth.org.id;
  const existing = await requireScore(db, orgId, scoreId);
  if (body.fit) await assertValidFit(app, orgId, existing.baseTable, body.fit);
  if (body.name !== undefined && (await isScoreNameTaken(db, orgId, body.name, existing.id)))
    throw nameConflict(body.name);
  const { row, changed } = await guardName(body.name, () =>
    db.transaction(async (tx): Promise<{ row: ScoreRow; changed: boolean }> => {
      const current = await lockScore(tx, orgId, existing.id);
      if (!current) throw notFound('Score');
      const next = {
        name: body.name ?? current.name,
        fit: body.fit ?? current.fit,
        behaviour: body.behaviour ?? current.behaviour,
        grades: body.grades === undefined ? current.grades : body.grades,
      };
      const isChange =
        next.name !== current.name ||
        !sameJson(next.fit, current.fit) ||
        !sameJson(next.behaviour, current.behaviour) ||
        !sameJson(next.grades, current.grades);
      if (!isChange) return { row: current, changed: false };
      if (next.fit.length + next.behaviour.length === 0)
        throw badRequest('A score needs at least one fit or behaviour rule', [
          { path: 'body.fit', message: 'A score needs at least one fit or behaviour rule' },
        ]);
      const updated = await updateScore(tx, orgId, current.id, {
        ...next,
        version: current.version + 1,
      });
      await insertScoreVersion(tx, updated!, auth.user.id);
      return { row: updated!, changed: true };
    }),
  );
  if (changed) await announceScoreChange(app, orgId);
  return toScore(row);
}

/**
 * `DELETE scores/{id}` (admins): refused with 409 naming what uses its columns (ADR 0006);
 * otherwise a soft delete, and its columns leave the warehouse with the next rebuild.
 */
export async function removeScore(
  app: FastifyInstance,
  auth: AuthContext,
  scoreId: string,
): Promise<void> {
  requireAdmin(auth, 'delete scores');
  const { db } = app;
  const orgId = auth.org.id;
  const score = await requireScore(db, orgId, scoreId);
  const dependents = await findScoreDependents(db, app.dependents, score);
  if (dependents.length > 0) {
    throw new HttpError(
      409,
      `"${score.name}" is used by ${dependents.length} segment(s), cohort(s), alert(s), play(s) or activation(s); change or delete them first`,
      toScoreDependentErrors(dependents),
    );
  }
  await softDeleteScore(db, orgId, score.id);
  await announceScoreChange(app, orgId);
}
