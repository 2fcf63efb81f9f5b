import { randomBytes } from 'node:crypto';
import { BASE_TABLES } from '@revlane/contracts';
import type { DerivedTargets } from '../loading/rebuild-metrics.js';
import { ACCOUNT_METRICS_TABLE, USER_METRICS_TABLE } from '../model/metric-tables.js';
import { SEGMENT_TABLE_NAMES } from '../model/segment-tables.js';

/**
 * Scratch names for one build, e.g. `segment_users__series_3f9c…`. The suffix is random
 * (from code, never from input) so concurrent builds of the same organization never meet.
 */
export function scratchTableNames(kind: 'asof' | 'series'): DerivedTargets {
  const suffix = `__${kind}_${randomBytes(8).toString('hex')}`;
  return {
    userMetrics: `${USER_METRICS_TABLE.name}${suffix}`,
    accountMetrics: `${ACCOUNT_METRICS_TABLE.name}${suffix}`,
    segments: Object.fromEntries(
      BASE_TABLES.map((table) => [table, `${SEGMENT_TABLE_NAMES[table]}${suffix}`]),
    ) as DerivedTargets['segments'],
  };
}

/** Every table of one scratch build, for dropping. */
export const allScratchTables = (names: DerivedTargets): string[] => [
  names.userMetrics,
  names.accountMetrics,
  ...BASE_TABLES.map((table) => names.segments[table]),
];
