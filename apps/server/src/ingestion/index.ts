/**
 * Ingestion (docs/architecture.md §3.4): data sources, their syncs, the connectors of databases
 * and files, and the landing of raw tables in the warehouse (CSV uploads load while they
 * arrive, ADR 0029). The composer and transfer services' routes use it; its background work
 * is in jobs.ts. Everything else in this folder is internal.
 */
export { csvFileOf } from './connectors/csv-connector.js';
export { ingestionPlugin } from './ingestion-plugin.js';
export { safeIdentifier } from './landing/landed-tables.js';
export {
  discoverTables,
  listRedashQueries,
  listSheetTabs,
  previewTable,
  testSavedSource,
  testSourceConfig,
} from './sources/source-discovery.service.js';
export { toRun, toSync } from './sources/source-response.js';
export {
  findSource,
  insertSource,
  latestSyncsOf,
  updateSource,
} from './sources/sources.repository.js';
export {
  changeSource,
  createSource,
  getSource,
  getSourceDependents,
  getSources,
  removeSource,
} from './sources/sources.service.js';
export { queueSync } from './syncs/queue-sync.js';
export { type SyncRecord } from './syncs/syncs.repository.js';
export { cancelSync, getSourceSyncs, getSync, startSourceSync } from './syncs/syncs.service.js';
export { ingestionJobs } from './jobs.js';
