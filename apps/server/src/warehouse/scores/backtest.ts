import type { BacktestResult } from '@revlane/contracts';
import type { OrgCatalogue } from '../catalogue/org-catalogue.js';
import { compileSeriesQuery } from '../compiler/compile-series-query.js';
import type { Dialect } from '../engine/dialect.js';
import type { CompiledQuery, Warehouse } from '../engine/warehouse.js';
import { EVENTS_TABLE } from '../model/canonical-tables.js';
import {
  emptyBacktest,
  planDeciles,
  readSummary,
  resultOf,
  type BacktestFrame,
} from './backtest-result.js';
import { withBacktestSeries } from './backtest-series.js';
import {
  DAY_MS,
  backtestSplitStatement,
  backtestSummaryStatement,
  type BacktestOutcomeSql,
} from './backtest-sql.js';
import type { ScoreDefinition } from './score-definition.js';
import { scoreSeriesQuery } from './score-series.js';

/** What converting means: matching filters on a later day, or doing an event. */
export type BacktestOutcomeInput = { filters: readonly unknown[] } | { event: string };

export interface BacktestOptions {
  horizonDays: number;
  /** How many days to score (at most), the last being the last whose horizon has passed. */
  days: number;
  /** Epoch milliseconds of "today" (default: now). */
  now?: number;
}

/**
 * The score's `(as_of_day, id, score, grade)` rows over a series view (unqualified name), made
 * with `catalogue`, reading only `days` (UTC day starts) where it can: scoreSeriesQuery.
 */
export type ScoreRowsQuery = (
  dialect: Dialect,
  orgId: string,
  def: ScoreDefinition,
  catalogue: OrgCatalogue,
  seriesView: string,
  days: readonly number[],
) => CompiledQuery;

/** The score's own series SQL (scoreSeriesQuery), over the organization's events. */
const scoreRowsOf: ScoreRowsQuery = (dialect, orgId, def, catalogue, view, days) =>
  scoreSeriesQuery(dialect, orgId, def, catalogue, view, EVENTS_TABLE.name, { days });

const dayString = (millis: number) => new Date(millis).toISOString().slice(0, 10);
const dayStart = (millis: number) => Math.floor(millis / DAY_MS) * DAY_MS;

/** The first day any event happened on, or null without events. */
async function firstEventDay(warehouse: Warehouse, orgId: string): Promise<number | null> {
  const [row] = await warehouse.query(orgId, {
    sql: `SELECT MIN(occurred_at) AS first FROM ${warehouse.dialect.table(orgId, EVENTS_TABLE.name)}`,
    params: [],
  });
  const first = row?.first;
  const millis =
    first instanceof Date ? first.getTime() : typeof first === 'string' ? Date.parse(first) : NaN;
  return Number.isNaN(millis) ? null : dayStart(millis);
}

/**
 * The scored days of a back-test: the `days` UTC days ending with the last one whose horizon
 * has passed (today − horizon), none before the first event's day; empty when none is left.
 */
export function scoredDays(
  options: { horizonDays: number; days: number; now: number },
  firstEvent: number | null,
): number[] {
  if (firstEvent === null) return [];
  const last = dayStart(options.now) - options.horizonDays * DAY_MS;
  const first = Math.max(last - (options.days - 1) * DAY_MS, firstEvent);
  const days: number[] = [];
  for (let day = first; day <= last; day += DAY_MS) days.push(day);
  return days;
}

/**
 * Back-tests a score (docs/product.md §2): the score of each record as of each scored day
 * against whether it converted within `horizonDays` after it, every day evaluated on one
 * series (backtest-series.ts: the as-of series, or the segment table per day when only
 * attributes are filtered on) and aggregated in the warehouse (backtest-sql.ts): one
 * pass counts record-days and conversions per (score, day), from which the totals, grades,
 * AUC and deciles follow, and a second reads the few cells the deciles split. A filters
 * outcome is evaluated on the series too, over the horizon days after the scored ones; an
 * event outcome reads the events table.
 */
export async function backtestWith(
  warehouse: Warehouse,
  orgId: string,
  def: ScoreDefinition,
  outcome: BacktestOutcomeInput,
  options: BacktestOptions,
  scoreRows: ScoreRowsQuery,
): Promise<BacktestResult> {
  const { horizonDays } = options;
  if (!Number.isInteger(horizonDays) || horizonDays < 1) throw new Error('Bad back-test horizon');
  if (!Number.isInteger(options.days) || options.days < 1) throw new Error('Bad back-test days');
  const now = options.now ?? Date.now();
  const scored = scoredDays({ ...options, now }, await firstEventDay(warehouse, orgId));
  const frame: BacktestFrame = {
    grades: def.grades,
    fromDay: scored.length > 0 ? dayString(scored[0]!) : null,
    toDay: scored.length > 0 ? dayString(scored.at(-1)!) : null,
    dayCount: scored.length,
    horizonDays,
  };
  if (scored.length === 0) return emptyBacktest(frame);
  const fromDay = scored[0]!;
  const toDay = scored.at(-1)!;
  const byFilters = 'filters' in outcome;
  // A filters outcome is evaluated on the horizon days after the scored ones as well.
  const seriesDays = byFilters
    ? [...scored, ...Array.from({ length: horizonDays }, (_, i) => toDay + (i + 1) * DAY_MS)]
    : scored;
  const { dialect } = warehouse;
  const eventsTable = dialect.table(orgId, EVENTS_TABLE.name);
  const table = def.baseTable;
  // The filters evaluated on the series: the fit rules' and the outcome's.
  const filterLists = [
    ...def.fit.map((rule) => rule.filters),
    ...(byFilters ? [outcome.filters] : []),
  ];
  return withBacktestSeries(
    warehouse,
    orgId,
    table,
    seriesDays,
    filterLists,
    async (view, catalogue) => {
      const outcomeSql: BacktestOutcomeSql = byFilters
        ? {
            kind: 'matches',
            idsByDay: compileSeriesQuery(
              { orgId, table, filters: outcome.filters, sourceTable: view, catalogue },
              dialect,
            ).idsByDayQuery,
          }
        : {
            kind: 'event',
            event: outcome.event,
            eventsTable,
            key: table === 'accounts' ? 'account_id' : 'user_id',
          };
      const input = (days: readonly number[]) => ({
        dialect,
        scores: scoreRows(dialect, orgId, def, catalogue, view, days),
        outcome: outcomeSql,
        fromDay,
        toDay,
        horizonDays,
      });
      const summary = readSummary(
        await warehouse.query(orgId, backtestSummaryStatement(input(scored))),
      );
      // Cells the deciles split are counted again by id, on their days only.
      const { split, tileStarts } = planDeciles(summary.cells);
      const splitDays = [...new Set(split.map((cell) => cell.day))].sort((a, b) => a - b);
      const splitRows =
        split.length > 0
          ? await warehouse.query(
              orgId,
              backtestSplitStatement(input(splitDays), split, tileStarts),
            )
          : [];
      return resultOf(summary, splitRows, frame);
    },
  );
}

/**
 * `POST scores/{id}/backtest` (docs/product.md §2): the score as of each of the last
 * `days` days whose horizon has passed against whether the record converted within
 * `horizonDays` after it; see backtestWith.
 */
export function backtestScore(
  warehouse: Warehouse,
  orgId: string,
  def: ScoreDefinition,
  outcome: BacktestOutcomeInput,
  options: BacktestOptions,
): Promise<BacktestResult> {
  return backtestWith(warehouse, orgId, def, outcome, options, scoreRowsOf);
}
