import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { scoreSlugOf, type BacktestResult } from '@revlane/contracts';
import { DEMO_SCORES } from '../apps/server/src/demo/demo-scores.js';
import { toScoreDefinition } from '../apps/server/src/services/live-ops/scores/score-response.js';
import type { SeedScore } from '../apps/server/src/services/live-ops/scores/seed-scores.js';
import {
  backtestScore,
  DEFAULT_DEMO_SIZE,
  gradesInForce,
  loadDemoData,
  openWarehouse,
  previewScore,
  readLoadInfo,
  refreshMetrics,
  writeScoreDefinitions,
  type PreviewDefinition,
  type ScoreDefinition,
  type Warehouse,
} from '../apps/server/src/warehouse/index.js';
import { percentile } from './latency.js';
import { withPeakRss } from './peak-rss.js';

/**
 * Issue 28: one score adds ≤ 25% to the derived-table build; a 180-day back-test ≤ 30 s; the
 * editor's preview (histogram, count per grade, ten examples) < 1 s at demo size.
 */
const ADDED_TARGET = 0.25;
const BACKTEST_TARGET_SECONDS = 30;
const PREVIEW_TARGET_MS = 1_000;
const SMALL_SIZE = { accounts: 20_000, users: 200_000, events: 2_000_000 };
const BENCH_ORG = process.env.REVLANE_BENCH_ORG ?? 'bench';
const RUNS = Math.max(1, Number(process.env.BENCH_SCORES_RUNS ?? 2));
const PREVIEW_RUNS = Math.max(1, Number(process.env.BENCH_SCORES_PREVIEW_RUNS ?? 10));

/**
 * What runs: the parts BENCH_SCORES_PARTS names (comma-separated), every part when it names
 * none. `build`: the derived-table build without and with a score, then the back-test;
 * `preview`: the editor's preview at demo size and on the benchmark data.
 */
const PARTS = ['build', 'preview'] as const;
type Part = (typeof PARTS)[number];
const chosenParts = (process.env.BENCH_SCORES_PARTS ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const unknownParts = chosenParts.filter((name) => !(PARTS as readonly string[]).includes(name));
if (unknownParts.length > 0)
  throw new Error(
    `BENCH_SCORES_PARTS: unknown ${unknownParts.join(', ')}; choose among ${PARTS.join(', ')}`,
  );
const runsPart = (part: Part) => chosenParts.length === 0 || chosenParts.includes(part);

/**
 * 5 fit rules (attributes: plan, seats, MRR, industry, country) and 5 behaviour rules over
 * events of several frequencies (report_viewed is 14% of the demo's events).
 */
export const BENCH_SCORE: ScoreDefinition = {
  id: 'bench-score',
  slug: 'bench_qualified',
  name: 'Bench qualified',
  baseTable: 'accounts',
  fit: [
    { filters: [{ field: 'plan', operator: 'includes', value: ['pro', 'enterprise'] }], points: 10 },
    { filters: [{ field: 'seats', operator: 'gte', value: 10 }], points: 10 },
    { filters: [{ field: 'mrr', operator: 'gte', value: 500 }], points: 10 },
    { filters: [{ field: 'industry', operator: 'includes', value: ['software', 'fintech'] }], points: 5 },
    { filters: [{ field: 'country', operator: 'includes', value: ['US', 'GB', 'DE'] }], points: 5 },
  ],
  behaviour: [
    { event: 'export_created', points: 5, lifespanDays: 30 },
    { event: 'dashboard_created', points: 5, lifespanDays: 30 },
    { event: 'report_viewed', points: 1, lifespanDays: 14, cap: 10 },
    { event: 'invite_sent', points: 3, lifespanDays: 30 },
    { event: 'integration_connected', points: 8, lifespanDays: 60 },
  ],
  grades: gradesInForce(null),
}; // prettier-ignore

/** A seeded score as the editor previews it (`POST scores/preview`): unsaved, no id or slug. */
const previewBodyOf = (seed: SeedScore) => ({
  name: seed.name,
  baseTable: seed.baseTable,
  fit: seed.fit ?? [],
  behaviour: seed.behaviour ?? [],
  grades: seed.grades ?? null,
});

/** The demo's scores as the warehouse stores them (start-up writes them before any load). */
const DEMO_DEFINITIONS: ScoreDefinition[] = DEMO_SCORES.map((seed) =>
  toScoreDefinition({ ...previewBodyOf(seed), id: seed.seedKey, slug: scoreSlugOf(seed.name) }),
);

/** The demo score "Product-qualified" (apps/server/src/demo/demo-scores.ts), as previewed. */
function productQualified(): PreviewDefinition {
  const seed = DEMO_SCORES.find((score) => score.seedKey === 'product-qualified');
  if (!seed) throw new Error('The demo has no "Product-qualified" score (demo-scores.ts)');
  return previewBodyOf(seed);
}

interface DataSize {
  accounts: number;
  users: number;
  events: number;
}

/** A warehouse in a temp dir, said what it holds; `cleanup` removes the dir once closed. */
interface TempWarehouse {
  warehouse: Warehouse;
  label: string;
  cleanup: () => void;
}

/**
 * A warehouse in a temp dir: a copy of `source.file`, or `source.scores` written (as the demo's
 * start-up does) then demo data of `source.size` loaded.
 */
async function tempWarehouse(
  source: { file: string } | { size: DataSize; scores?: readonly ScoreDefinition[] },
  label: string,
): Promise<TempWarehouse> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'revlane-bench-scores-'));
  const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
  if ('file' in source) {
    mkdirSync(path.join(dataDir, 'warehouse'));
    copyFileSync(source.file, path.join(dataDir, 'warehouse', `${BENCH_ORG}.duckdb`));
    return { warehouse: openWarehouse({ dataDir }), label, cleanup };
  }
  const warehouse = openWarehouse({ dataDir });
  try {
    await writeScoreDefinitions(warehouse, BENCH_ORG, source.scores ?? []);
    await loadDemoData(warehouse, BENCH_ORG, source.size);
  } catch (error) {
    await warehouse.close();
    cleanup();
    throw error;
  }
  return { warehouse, label, cleanup };
}

/**
 * A copy of the benchmark DuckDB file (bench/README.md; the refreshes write to it), or a set
 * built here: of the size BENCH_SCORES_SIZE names (`accounts,users,events`, e.g.
 * `2000,20000,400000` for a quick check), else the smaller set when the file is missing.
 */
function benchmarkWarehouse(): Promise<TempWarehouse> {
  const dir = process.env.REVLANE_BENCH_WAREHOUSE_DIR ?? '/tmp/rvbench/warehouse';
  const file = path.join(dir, `${BENCH_ORG}.duckdb`);
  const asked = process.env.BENCH_SCORES_SIZE?.split(',').map(Number);
  if (!asked && existsSync(file)) return tempWarehouse({ file }, `copy of ${file}`);
  const [accounts, users, events] = asked ?? [
    SMALL_SIZE.accounts,
    SMALL_SIZE.users,
    SMALL_SIZE.events,
  ];
  if (!accounts || !users || !events) throw new Error('BENCH_SCORES_SIZE: accounts,users,events');
  const label = asked ? 'built here' : 'SMALLER set: no benchmark file';
  return tempWarehouse({ size: { accounts, users, events } }, label);
}

/** A demo-size warehouse with the demo's scores, as the demo organization has it. */
const demoWarehouse = () =>
  tempWarehouse({ size: DEFAULT_DEMO_SIZE, scores: DEMO_DEFINITIONS }, 'demo size');

const seconds = (started: number) => (performance.now() - started) / 1000;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function count(warehouse: Warehouse, sql: string, params: string[] = []) {
  const [row] = await warehouse.query(BENCH_ORG, { sql, params });
  return Number(row!.n);
}

/** An open temp warehouse, as of its load's moment, with its row counts in words. */
interface BenchData {
  warehouse: Warehouse;
  asOf: number;
  dataSize: string;
}

/** Runs `use` on the warehouse `opened` gives, then closes it and removes its dir. */
async function withWarehouse<T>(
  opened: Promise<TempWarehouse>,
  use: (data: BenchData) => Promise<T>,
): Promise<T> {
  const { warehouse, label, cleanup } = await opened;
  try {
    const loadInfo = await readLoadInfo(warehouse, BENCH_ORG);
    if (!loadInfo) throw new Error(`The warehouse (${label}) has no load`);
    const sizes = await Promise.all(
      ['accounts', 'users', 'events'].map((name) =>
        count(warehouse, `SELECT COUNT(*) AS n FROM ${warehouse.dialect.table(BENCH_ORG, name)}`),
      ),
    );
    const dataSize = `${sizes[0]} accounts, ${sizes[1]} users, ${sizes[2]} events (${label})`;
    return await use({ warehouse, asOf: Date.parse(loadInfo.asOf), dataSize });
  } finally {
    await warehouse.close();
    cleanup();
  }
}

/** The derived-table build (refreshMetrics: metric, score and segment tables), timed. */
async function timedRefresh(warehouse: Warehouse, asOf: number, scores: ScoreDefinition[]) {
  await writeScoreDefinitions(warehouse, BENCH_ORG, scores);
  const started = performance.now();
  await refreshMetrics(warehouse, BENCH_ORG, asOf);
  return seconds(started);
}

export interface BuildBenchResult {
  baselineSeconds: number[];
  withScoreSeconds: number[];
  /** Median with the score over median without, minus one. */
  added: number;
  backtest: { seconds: number; outcome: string; result: BacktestResult; peakRssMb: number };
}

/**
 * The derived-table build of the benchmark data without scores (baseline), then with one
 * score of 5 fit + 5 behaviour rules, alternating `BENCH_SCORES_RUNS` (2) times each after a
 * warm-up build (which also makes the timelines' copies when the file predates them); then
 * the score's back-test over 180 days with a 30-day horizon, outcome `plan_upgraded` (or
 * `integration_connected` when the data predates the demo's conversion signal).
 */
async function benchBuild({ warehouse, asOf }: BenchData): Promise<BuildBenchResult> {
  await timedRefresh(warehouse, asOf, []);
  const baselineSeconds: number[] = [];
  const withScoreSeconds: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    baselineSeconds.push(await timedRefresh(warehouse, asOf, []));
    withScoreSeconds.push(await timedRefresh(warehouse, asOf, [BENCH_SCORE]));
  }
  const upgrades = await count(
    warehouse,
    `SELECT COUNT(*) AS n FROM ${warehouse.dialect.table(BENCH_ORG, 'events')} WHERE name = $1`,
    ['plan_upgraded'],
  );
  const outcome = upgrades > 0 ? 'plan_upgraded' : 'integration_connected';
  const started = performance.now();
  const measured = await withPeakRss(() =>
    backtestScore(
      warehouse,
      BENCH_ORG,
      BENCH_SCORE,
      { event: outcome },
      {
        horizonDays: 30,
        days: 180,
        now: asOf,
      },
    ),
  );
  return {
    baselineSeconds,
    withScoreSeconds,
    added: median(withScoreSeconds) / median(baselineSeconds) - 1,
    backtest: {
      seconds: seconds(started),
      outcome,
      result: measured.value,
      peakRssMb: measured.peakMb,
    },
  };
}

export interface PreviewBenchResult {
  dataSize: string;
  runs: number;
  p50Ms: number;
  maxMs: number;
  /** What the last preview counted and showed. */
  records: number;
  examples: number;
}

/**
 * The editor's preview of "Product-qualified" (`previewScore`, what `POST scores/preview`
 * answers with, as of the load's moment like the route): one warm-up, then
 * `BENCH_SCORES_PREVIEW_RUNS` (10) sequential runs.
 */
async function benchPreview({ warehouse, asOf, dataSize }: BenchData): Promise<PreviewBenchResult> {
  const definition = productQualified();
  const preview = () => previewScore(warehouse, BENCH_ORG, definition, asOf);
  let last = await preview();
  const times: number[] = [];
  for (let run = 0; run < PREVIEW_RUNS; run += 1) {
    const started = performance.now();
    last = await preview();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    dataSize,
    runs: times.length,
    p50Ms: percentile(times, 50),
    maxMs: percentile(times, 100),
    records: last.records,
    examples: last.examples.length,
  };
}

export interface ScoresBenchResult {
  /** The benchmark data (a copy of its file, or a set built here). */
  dataSize: string;
  /** Part `build`. */
  build?: BuildBenchResult;
  /** Part `preview`: at demo size, then on the benchmark data. */
  preview?: { demo: PreviewBenchResult; benchmark: PreviewBenchResult };
}

/**
 * The parts BENCH_SCORES_PARTS chooses; on the benchmark data the preview runs first, on the
 * data as loaded (before the build part's refreshes write score definitions to it).
 */
export async function benchScores(): Promise<ScoresBenchResult> {
  const demo = runsPart('preview') ? await withWarehouse(demoWarehouse(), benchPreview) : null;
  return withWarehouse(benchmarkWarehouse(), async (data) => {
    const benchmark = demo ? await benchPreview(data) : null;
    return {
      dataSize: data.dataSize,
      ...(runsPart('build') ? { build: await benchBuild(data) } : {}),
      ...(demo && benchmark ? { preview: { demo, benchmark } } : {}),
    };
  });
}

const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
const list = (values: number[]) => values.map((value) => `${value.toFixed(1)} s`).join(', ');

function printBuild(build: BuildBenchResult): void {
  console.log(
    `Derived tables without scores (baseline): ${list(build.baselineSeconds)}; ` +
      `with one score (5 fit + 5 behaviour rules): ${list(build.withScoreSeconds)}`,
  );
  console.log(
    `Added by the score (medians): ${(build.added * 100).toFixed(1)}% of the baseline — ` +
      `target ≤ ${ADDED_TARGET * 100}%: ${met(build.added <= ADDED_TARGET)}`,
  );
  const { backtest } = build;
  const r = backtest.result;
  console.log(
    `Back-test, ${r.dayCount} days × horizon ${r.horizonDays} (outcome ${backtest.outcome}): ` +
      `${backtest.seconds.toFixed(1)} s — target ≤ ${BACKTEST_TARGET_SECONDS} s: ` +
      `${met(backtest.seconds <= BACKTEST_TARGET_SECONDS)}; ${r.records} record-days of ` +
      `${r.distinctRecords} records, ${r.converted} converted, AUC ${r.auc?.toFixed(3) ?? '—'}, ` +
      `top-decile lift ${r.lift?.toFixed(2) ?? '—'}; peak RSS ${backtest.peakRssMb} MB`,
  );
}

function previewRow(name: string, result: PreviewBenchResult, verdict: string): string {
  return [
    name.padEnd(44),
    `p50 ${result.p50Ms} ms`.padStart(14),
    `max ${result.maxMs} ms`.padStart(14),
    `n=${result.runs}`.padStart(5),
    `  ${verdict}`,
    `  (${result.records} records, ${result.examples} examples; ${result.dataSize})`,
  ].join(' ');
}

function printPreview({ demo, benchmark }: NonNullable<ScoresBenchResult['preview']>): void {
  const target = `target max < ${PREVIEW_TARGET_MS / 1000} s at demo size`;
  console.log(
    previewRow(
      'editor preview, demo size',
      demo,
      `${target}: ${met(demo.maxMs < PREVIEW_TARGET_MS)}`,
    ),
  );
  console.log(
    previewRow(
      'editor preview, benchmark data',
      benchmark,
      'no target (the issue sets it at demo size)',
    ),
  );
  console.log(
    'Editor preview: `previewScore` of the demo score "Product-qualified" (what POST ' +
      'scores/preview answers: histogram, count per grade, ten examples with their breakdown), ' +
      'in process, no HTTP, as of the load; 1 warm-up then sequential runs.',
  );
}

export async function printScoresBench(): Promise<void> {
  const result = await benchScores();
  const measured = [
    ...(result.build ? ['one score in the derived-table build, and its back-test'] : []),
    ...(result.preview ? ["the editor's preview"] : []),
  ];
  console.log(`\nScores (issue 28): ${measured.join('; ')}`);
  console.log(`Data: ${result.dataSize}`);
  if (result.build) printBuild(result.build);
  if (result.preview) printPreview(result.preview);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await printScoresBench();
