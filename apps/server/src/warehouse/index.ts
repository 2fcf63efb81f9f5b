/**
 * The analytical plane (docs/architecture.md §5): what the live-ops routes, start-up and the CLI use.
 * Everything else in this folder is internal.
 */
export type { CohortChangesScope, SegmentQueryInput } from './compiler/segment-query-input.js';
export {
  compileSegmentQuery,
  type CompiledSegmentQuery,
} from './compiler/compile-segment-query.js';
export type { CompiledGrouping } from './compiler/compile-grouping.js';
export { compileSeriesQuery, type CompiledSeriesQuery } from './compiler/compile-series-query.js';
export { validateFilters } from './compiler/validate-filters.js';
export { aggregateChoiceIssues } from './compiler/resolve-aggregates.js';
export {
  SegmentQueryError,
  isSegmentQueryError,
  type QueryIssue,
} from './compiler/segment-query-error.js';
export { getColumns, findColumn } from './catalogue/columns.js';
export { OrgCatalogue, BUILT_IN_CATALOGUE } from './catalogue/org-catalogue.js';
export {
  customDataTypeOf,
  labelFromColumnName,
  type CustomColumn,
  type CustomDataType,
} from './catalogue/custom-columns.js';
export type { Dialect, DialectName } from './engine/dialect.js';
export type { CompiledQuery, Warehouse, WarehouseRow, WarehouseValue } from './engine/warehouse.js';
export type { BatchSource, ColumnBatch, TableSchema } from './engine/table-schema.js';
export { DuckDBWarehouse } from './duckdb/duckdb-warehouse.js';
export { duckdbDialect } from './duckdb/duckdb-dialect.js';
export { PostgresWarehouse } from './postgres/postgres-warehouse.js';
export { postgresDialect } from './postgres/postgres-dialect.js';
export { openWarehouse, warehouseKindFor, type WarehouseSettings } from './open-warehouse.js';
export { loadCanonicalData, type CanonicalLoad } from './loading/load-canonical-data.js';
export { refreshMetrics } from './loading/rebuild-metrics.js';
export { loadCanonicalSelects, type CanonicalTargets } from './loading/load-canonical-selects.js';
export { describeTable } from './engine/describe-table.js';
export type { DecimalType, LogicalType, TableColumn } from './engine/table-schema.js';
export { SqlParams } from './engine/sql-params.js';
export { quoteIdentifier } from './engine/identifiers.js';
export { withAsOfSeriesTables } from './as-of/with-as-of-series-tables.js';
export {
  COHORT_CHANGES_TABLE,
  COHORT_COUNTS_TABLE,
  COHORT_MEMBERS_TABLE,
} from './model/cohort-tables.js';
export {
  RECORD_TIMELINE_TABLES,
  TIMELINE_KEY_COLUMN,
  timelineKeyExpression,
  type RecordTimelineTable,
} from './model/timeline-tables.js';
export { readLoadInfo, readCatalogue, type LoadInfo } from './loading/load-info.js';
export {
  snapshotCohort,
  readCohortChanges,
  type CohortDefinition,
  type SnapshotResult,
  type CohortChangesResult,
  readSnapshottedCohortIds,
  backfillCohort,
  readChangesBetween,
  type ChangesBetween,
  readEnteredRecords,
  hasCohortTables,
} from './cohorts/index.js';
export { KeyedLock } from './engine/keyed-lock.js';
export { isWarehouseOutOfMemory } from './engine/out-of-memory.js';
export {
  SegmentReader,
  WarehousePreparingError,
  type SegmentExport,
  type SegmentCsvExport,
} from './reading/segment-reader.js';
export {
  loadDemoData,
  DEFAULT_DEMO_SIZE,
  DEFAULT_DEMO_SEED,
  type DemoDataOptions,
  type DemoProgress,
} from './demo/load-demo-data.js';
export { demoAccountNaming } from './demo/demo-accounts.js';
export { sniffedCsvReader } from './duckdb/duckdb-csv-import.js';
export {
  decimalParts,
  decimalType,
  isListType,
  MAX_DECIMAL_PRECISION,
  nextTableName,
} from './engine/table-schema.js';
export { arrayLiteral } from './engine/load-values.js';
export { type CsvLoadOptions, type SniffedCsv } from './engine/warehouse.js';
export { ACCOUNTS_TABLE, EVENTS_TABLE, USERS_TABLE } from './model/canonical-tables.js';
export { warehousePlugin, type WarehouseAccess } from './warehouse-plugin.js';
export { describeWarehouseSize } from './warehouse-size.js';
export {
  activationValuesHash,
  computeActivationChangeSet,
  recordActivationOutcomes,
  dropActivationState,
  readActivationStateCount,
  type ActivationChangeKind,
  type ActivationChangeRow,
  type ActivationChangeSet,
  type ActivationChangeSetQuery,
  type ActivationFieldColumn,
  type ActivationOutcome,
  type ActivationOutcomeStatus,
} from './activations/index.js';
export { ACTIVATION_STATE_TABLE } from './model/activation-state-table.js';
export { gradesInForce, type ScoreDefinition } from './scores/score-definition.js';
export { readScoreDefinitions, writeScoreDefinitions } from './scores/score-definitions-store.js';
export { previewScore, type PreviewDefinition } from './scores/score-preview.js';
export { readScoreBreakdowns } from './scores/score-breakdown.js';
export { scoreSeriesQuery, type ScoreSeriesOptions } from './scores/score-series.js';
export {
  backtestScore,
  type BacktestOptions,
  type BacktestOutcomeInput,
} from './scores/backtest.js';
export { SCORE_DEFINITIONS_TABLE } from './model/score-tables.js';
