import type { BacktestResult, ScoreGrade } from '@revlane/contracts';
import type { WarehouseRow } from '../engine/warehouse.js';
import type { SplitCell } from './backtest-sql.js';

/** One (score, day) cell of labelled record-days: how many, and how many converted. */
export interface BacktestCell {
  score: number;
  grade: string | null;
  /** UTC day start. */
  day: number;
  records: number;
  converted: number;
}

export interface BacktestSummary {
  cells: BacktestCell[];
  distinctRecords: number;
}

const count = (value: unknown): number =>
  value === null || value === undefined ? 0 : Number(value);
/** Timestamps arrive as ISO text from both engines (engine/value-conversion.ts). */
const millisOf = (value: unknown): number =>
  value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : NaN;
const rateOf = (converted: number, records: number) => (records > 0 ? converted / records : null);

/** The summary statement's rows (backtestSummaryStatement). */
export function readSummary(rows: readonly WarehouseRow[]): BacktestSummary {
  const cells: BacktestCell[] = [];
  let distinctRecords = 0;
  for (const row of rows) {
    if (row.part === 'distinct') distinctRecords = count(row.records);
    else
      cells.push({
        score: count(row.score),
        grade: typeof row.grade === 'string' ? row.grade : null,
        day: millisOf(row.day),
        records: count(row.records),
        converted: count(row.converted),
      });
  }
  return { cells, distinctRecords };
}

/**
 * The area under the ROC curve from the score histogram: the chance that a converted
 * record-day scores above one that did not, ties counting half,
 * `Σ_s pos(s) × (neg(< s) + ½ neg(s)) / (P × N)`. Null without positives or negatives.
 */
export function aucOf(cells: readonly Pick<BacktestCell, 'score' | 'records' | 'converted'>[]) {
  const byScore = new Map<number, { positives: number; negatives: number }>();
  for (const cell of cells) {
    const entry = byScore.get(cell.score) ?? { positives: 0, negatives: 0 };
    entry.positives += cell.converted;
    entry.negatives += cell.records - cell.converted;
    byScore.set(cell.score, entry);
  }
  let positives = 0;
  let negatives = 0;
  let wins = 0;
  for (const score of [...byScore.keys()].sort((a, b) => a - b)) {
    const entry = byScore.get(score)!;
    wins += entry.positives * (negatives + entry.negatives / 2);
    positives += entry.positives;
    negatives += entry.negatives;
  }
  return positives > 0 && negatives > 0 ? wins / (positives * negatives) : null;
}

const DECILES = 10;

interface Decile {
  records: number;
  converted: number;
  minScore: number | null;
  maxScore: number | null;
}

/**
 * NTILE(10) over `score DESC, day, id` from the cells: with N rows, the first N mod 10
 * deciles hold ⌈N/10⌉ rows and the rest ⌊N/10⌋, so each cell's places (the rows ordered before
 * it, then its own) say which deciles it falls in. A cell inside one decile adds its counts
 * whole; a cell split across deciles is listed, with the first place of deciles 2…10, for
 * backtestSplitStatement to count its conversions per decile by id.
 */
export function planDeciles(cells: readonly BacktestCell[]) {
  const ordered = [...cells].sort((a, b) => b.score - a.score || a.day - b.day);
  const total = ordered.reduce((sum, cell) => sum + cell.records, 0);
  const size = Math.floor(total / DECILES);
  const larger = total % DECILES;
  // First place of each decile 1…10, then the end.
  const starts = Array.from({ length: DECILES + 1 }, (_, index) =>
    index <= larger ? index * (size + 1) : larger * (size + 1) + (index - larger) * size,
  );
  const decileOf = (place: number) => {
    let decile = 1;
    while (decile < DECILES && place >= starts[decile]!) decile += 1;
    return decile;
  };
  const deciles: Decile[] = Array.from({ length: DECILES }, () => ({
    records: 0,
    converted: 0,
    minScore: null,
    maxScore: null,
  }));
  const split: SplitCell[] = [];
  let before = 0;
  for (const cell of ordered) {
    const first = decileOf(before);
    const last = decileOf(before + cell.records - 1);
    for (let decile = first; decile <= last; decile += 1) {
      const entry = deciles[decile - 1]!;
      const from = Math.max(before, starts[decile - 1]!);
      const to = Math.min(before + cell.records, starts[decile]!);
      entry.records += to - from;
      if (first === last) entry.converted += cell.converted;
      entry.minScore = Math.min(entry.minScore ?? cell.score, cell.score);
      entry.maxScore = Math.max(entry.maxScore ?? cell.score, cell.score);
    }
    if (first !== last) split.push({ score: cell.score, day: cell.day, before });
    before += cell.records;
  }
  return { deciles, split, tileStarts: starts.slice(1, DECILES) };
}

export interface BacktestFrame {
  grades: readonly ScoreGrade[];
  fromDay: string | null;
  toDay: string | null;
  dayCount: number;
  horizonDays: number;
}

/**
 * The answer from the summary and, for split cells, their conversions per decile
 * (backtestSplitStatement's rows).
 */
export function resultOf(
  summary: BacktestSummary,
  splitRows: readonly WarehouseRow[],
  frame: BacktestFrame,
): BacktestResult {
  const { cells } = summary;
  const records = cells.reduce((sum, cell) => sum + cell.records, 0);
  const converted = cells.reduce((sum, cell) => sum + cell.converted, 0);
  const rate = rateOf(converted, records);
  const { deciles } = planDeciles(cells);
  for (const row of splitRows) deciles[count(row.decile) - 1]!.converted += count(row.converted);
  const decileRows = deciles.map((decile, index) => ({
    decile: index + 1,
    minScore: decile.minScore,
    maxScore: decile.maxScore,
    records: decile.records,
    converted: decile.converted,
    rate: rateOf(decile.converted, decile.records),
  }));
  const top = decileRows[0]!.rate;
  const gradeRows = frame.grades.map(({ label }) => {
    const own = cells.filter((cell) => cell.grade === label);
    const gradeRecords = own.reduce((sum, cell) => sum + cell.records, 0);
    const gradeConverted = own.reduce((sum, cell) => sum + cell.converted, 0);
    return {
      label,
      records: gradeRecords,
      converted: gradeConverted,
      rate: rateOf(gradeConverted, gradeRecords),
    };
  });
  return {
    auc: aucOf(cells),
    records,
    distinctRecords: summary.distinctRecords,
    converted,
    rate,
    lift: top !== null && rate !== null && rate > 0 ? top / rate : null,
    deciles: decileRows,
    grades: gradeRows,
    fromDay: frame.fromDay,
    toDay: frame.toDay,
    dayCount: frame.dayCount,
    horizonDays: frame.horizonDays,
  };
}

/** A back-test over no record-day: every count 0, every rate and the AUC null. */
export function emptyBacktest(frame: BacktestFrame): BacktestResult {
  return resultOf({ cells: [], distinctRecords: 0 }, [], frame);
}
