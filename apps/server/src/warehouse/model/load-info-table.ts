import type { TableSchema } from '../engine/table-schema.js';

/**
 * One row describing the load the organization's tables come from. Swapped in with the
 * tables, so its `load_id` names exactly the data a reader sees: counts are cached per
 * load id, and a missing table means the first load has not finished ("preparing").
 * `custom_columns` records the custom attributes of that load's canonical tables (JSON list,
 * ADR 0026): the organization's catalogue always matches the tables it reads.
 */
export const LOAD_INFO_TABLE = {
  name: 'load_info',
  columns: [
    { name: 'load_id', type: 'text' },
    { name: 'loaded_at', type: 'timestamp' },
    { name: 'as_of', type: 'timestamp' },
    { name: 'custom_columns', type: 'json' },
  ],
} as const satisfies TableSchema;
