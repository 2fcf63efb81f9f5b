import type { TableSchema } from '../engine/table-schema.js';

/**
 * One row describing the load the organization's tables come from. Swapped in with the
 * tables, so its `load_id` names exactly the data a reader sees: counts are cached per
 * load id, and a missing table means the first load has not finished ("preparing").
 */
export const LOAD_INFO_TABLE = {
  name: 'load_info',
  columns: [
    { name: 'load_id', type: 'text' },
    { name: 'loaded_at', type: 'timestamp' },
    { name: 'as_of', type: 'timestamp' },
  ],
} as const satisfies TableSchema;
