import {
  type BacktestBody,
  type BacktestResult,
  type BaseTable,
  type RecordScores,
  type ScorePreview,
  type ScorePreviewBody,
} from '@revlane/contracts';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import { badRequest } from '../../../platform/errors/http-error.js';
import {
  backtestScore,
  previewScore,
  readScoreBreakdowns,
  validateFilters,
} from '../../../warehouse/index.js';
import type { Readiness } from '../data/segment-query.js';
import { findCohortTable } from '../cohorts/cohort-table.repository.js';
import { findCohort } from '../cohorts/cohorts.repository.js';
import { recordNotFound } from '../records/record-detail.service.js';
import { readRecordRow } from '../records/record-rows.repository.js';
import { toScoreDefinition } from './score-response.js';
import { assertValidFit, requireScore } from './scores.service.js';
import { listOrgScores } from './scores.repository.js';

const ready = <T>(value: T): Readiness<T> => ({ state: 'ready', value });

/**
 * The moment the organization's current load scored its records (its as-of), or null before
 * the first load: previews, breakdowns and back-tests are computed as of it, so they agree
 * with the `score_<slug>` columns the load wrote.
 */
async function loadMoment(app: FastifyInstance, orgId: string): Promise<number | null> {
  const status = await app.warehouse.reader.status(orgId);
  if (status.state !== 'ready') return null;
  const asOf: unknown = status.load.asOf;
  const millis = asOf instanceof Date ? asOf.getTime() : Date.parse(String(asOf));
  return Number.isNaN(millis) ? Date.now() : millis;
}

/**
 * `POST scores/preview` (every signed-in user): an unsaved definition scored over the current
 * data — the histogram, the count per grade and ten examples with their breakdown; every
 * count is 0 before the first load.
 */
export async function previewUnsavedScore(
  app: FastifyInstance,
  auth: AuthContext,
  body: ScorePreviewBody,
): Promise<ScorePreview> {
  const orgId = auth.org.id;
  await assertValidFit(app, orgId, body.baseTable, body.fit);
  const now = (await loadMoment(app, orgId)) ?? Date.now();
  return previewScore(app.warehouse.engine, orgId, body, now);
}

/** The outcome as the back-test takes it: a cohort's filters, checked against the score's table. */
async function resolveOutcome(
  app: FastifyInstance,
  auth: AuthContext,
  table: BaseTable,
  outcome: BacktestBody['outcome'],
): Promise<{ filters: unknown[] } | { event: string }> {
  if ('event' in outcome) return { event: outcome.event };
  if ('filters' in outcome) {
    const catalogue = await app.warehouse.reader.catalogue(auth.org.id);
    const errors = validateFilters(catalogue, table, outcome.filters).map((issue) => ({
      path: `body.outcome.${issue.path}`,
      message: issue.message,
    }));
    if (errors.length > 0) throw badRequest('The outcome filters are invalid', errors);
    return { filters: outcome.filters };
  }
  const path = 'body.outcome.cohortId';
  const cohort = await findCohort(app.db, auth.org.id, outcome.cohortId, auth.user.id);
  if (!cohort) throw badRequest('No such cohort', [{ path, message: 'No such cohort' }]);
  const cohortTable = await findCohortTable(app.db, auth.org.id, cohort.id);
  if (cohortTable !== table) {
    const message = `The cohort is one of ${cohortTable ?? 'another table'}, the score one of ${table}`;
    throw badRequest(message, [{ path, message }]);
  }
  return { filters: cohort.filters };
}

/**
 * `POST scores/{id}/backtest` (every signed-in user): the score as of each past day against
 * whether the record converted within the horizon (ADR 0034).
 */
export async function backtestSavedScore(
  app: FastifyInstance,
  auth: AuthContext,
  scoreId: string,
  body: BacktestBody,
): Promise<Readiness<BacktestResult>> {
  const orgId = auth.org.id;
  const score = await requireScore(app.db, orgId, scoreId);
  const outcome = await resolveOutcome(app, auth, score.baseTable, body.outcome);
  const now = await loadMoment(app, orgId);
  if (now === null) return { state: 'preparing' };
  const { horizonDays, days } = body;
  const definition = toScoreDefinition(score);
  const engine = app.warehouse.engine;
  return ready(await backtestScore(engine, orgId, definition, outcome, { horizonDays, days, now }));
}

/**
 * `GET scores/records/{table}/{recordId}`: each of the organization's scores of the table for
 * one record, with every rule's contribution; 404 when the record does not exist.
 */
export async function readRecordScores(
  app: FastifyInstance,
  auth: AuthContext,
  table: BaseTable,
  recordId: string,
): Promise<Readiness<RecordScores>> {
  const orgId = auth.org.id;
  const status = await app.warehouse.reader.status(orgId);
  const now = await loadMoment(app, orgId);
  if (status.state !== 'ready' || now === null) return { state: 'preparing' };
  const { engine } = app.warehouse;
  const rows = await listOrgScores(app.db, orgId, table);
  const definitions = rows.map(toScoreDefinition);
  const breakdowns = await readScoreBreakdowns(engine, orgId, table, recordId, definitions, now);
  // No breakdown: no record, or no score of its table (then the record is looked up).
  if (
    breakdowns.length === 0 &&
    (rows.length > 0 ||
      !(await readRecordRow(engine, orgId, status.load.catalogue, table, recordId, ['id'])))
  )
    throw recordNotFound(table);
  return ready(
    breakdowns.map((breakdown, index) => ({
      scoreId: rows[index]!.id,
      name: rows[index]!.name,
      breakdown,
    })),
  );
}
