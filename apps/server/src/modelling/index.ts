/**
 * Modelling (ADR 0019): the mapping of landed tables to accounts, users and events, its
 * preview, publish runs and versions, and the segments a first publish seeds. The composer
 * service's routes use it; its background work is in jobs.ts. Everything else in this
 * folder is internal.
 */
export {
  getMapping,
  getMappingRun,
  getMappingVersions,
  previewMappingOf,
  publishMapping,
  saveMappingDraft,
} from './mapping.service.js';
export { modellingJobs } from './jobs.js';
