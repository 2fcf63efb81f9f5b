import type { RecordKind } from '@revlane/contracts';

/** Query keys of the records feature (one account's or user's page). */
export const recordsKeys = {
  all: ['records'] as const,
  record: (kind: RecordKind, id: string) => [...recordsKeys.all, kind, id] as const,
  detail: (kind: RecordKind, id: string) => [...recordsKeys.record(kind, id), 'detail'] as const,
  events: (kind: RecordKind, id: string) => [...recordsKeys.record(kind, id), 'events'] as const,
  activity: (kind: RecordKind, id: string, days: number) =>
    [...recordsKeys.record(kind, id), 'activity', days] as const,
};
