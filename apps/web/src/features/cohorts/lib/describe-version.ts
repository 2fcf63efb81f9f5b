import type { CohortVersion, FilterItem } from '@revlane/contracts';
import { isSameFilters } from '@revlane/contracts';

type DescribeFilter = (filter: FilterItem) => string;

/**
 * A filter list in words: "Plan is any of Pro; MRR greater than 1000" (a group reads
 * "(Plan is any of Pro or MRR greater than 1000)"), or "no filters".
 */
export function describeFilters(filters: FilterItem[], describe: DescribeFilter): string {
  return filters.length === 0 ? 'no filters' : filters.map(describe).join('; ');
}

/** One change of a version, in words; `from` is absent on the first version. */
export interface VersionChange {
  what: 'Created' | 'Name' | 'Filters';
  from?: string;
  to: string;
}

/** What a version changed, as the history lists it. */
export function describeVersion(version: CohortVersion, describe: DescribeFilter): VersionChange[] {
  const filters = describeFilters(version.filters, describe);
  if (version.previousName === null && version.previousFilters === null) {
    return [{ what: 'Created', to: `${version.name} with ${filters}` }];
  }
  const changes: VersionChange[] = [];
  if (version.previousName !== null && version.previousName !== version.name) {
    changes.push({ what: 'Name', from: version.previousName, to: version.name });
  }
  if (version.previousFilters && !isSameFilters(version.previousFilters, version.filters)) {
    changes.push({
      what: 'Filters',
      from: describeFilters(version.previousFilters, describe),
      to: filters,
    });
  }
  return changes;
}

/** Who made a change: their name, else their email; deleted users are gone from the record. */
export function describeAuthor(changedBy: CohortVersion['changedBy']): string {
  if (!changedBy) return 'a deleted user';
  return changedBy.name ?? changedBy.email;
}
