import { APP_ROUTES, serializeListParams, type Firing } from '@revlane/contracts';

/**
 * The segment's page filtered to a firing's records (by their `id` key column), so the table
 * shows exactly who entered or left.
 */
export function firingRecordsLink(segmentId: string, firing: Pick<Firing, 'records'>): string {
  const ids = firing.records
    .map((record) => record.id)
    .filter((id) => id !== null && id !== undefined);
  const query = serializeListParams({
    filters: [{ field: 'id', operator: 'includes', value: ids.map(String) }],
  });
  return `${APP_ROUTES.segment(segmentId)}?${new URLSearchParams(query).toString()}`;
}

/** How a record reads in a firing: its name, then its email or domain, else its id. */
export function recordLabel(record: Firing['records'][number]): string {
  const name = record.name ?? record.id ?? '';
  const detail = record.email ?? record.domain;
  return detail ? `${String(name)} (${String(detail)})` : String(name);
}
