import type { RecordActivity, RecordEventsPage, RecordKind } from '@revlane/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import type { Readiness } from '../data/segment-query.js';
import { recordNotFound, type RecordDeps } from './record-detail.service.js';
import { readRecordRow } from './record-rows.repository.js';
import { readDailyCounts, readTimelinePage, timelineSource } from './record-timeline.repository.js';
import type { RecordActivityQuery, RecordEventsQuery } from './records-query.js';

const DAY_MS = 86_400_000;

/**
 * Reads a record's events once the organization has data, through its timeline copy. The
 * events of a record are the record's own (each organization has its own warehouse), so a
 * read that found some needs no other check; one that found none asks the segment table
 * whether the record exists (a 404 otherwise, as its page answers). That keeps a timeline
 * page to one indexed read: a look-up by id scans the 2M-row users table (~60 ms on DuckDB).
 */
async function readTimeline<T>(
  deps: RecordDeps,
  auth: AuthContext,
  kind: RecordKind,
  id: string,
  read: (
    source: Awaited<ReturnType<typeof timelineSource>>,
  ) => Promise<{ found: boolean; value: T }>,
): Promise<Readiness<T>> {
  const { engine, reader } = deps.warehouse;
  const orgId = auth.org.id;
  const status = await reader.status(orgId);
  if (status.state === 'preparing') return status;
  const source = await timelineSource(engine, orgId, status.load.loadId, kind);
  const { found, value } = await read(source);
  if (!found && !(await readRecordRow(engine, orgId, status.load.catalogue, kind, id, ['id'])))
    throw recordNotFound(kind);
  return { state: 'ready', value };
}

/** `GET {kind}/{id}/events`: a page of the record's events, newest first (perPage + 1 read). */
export function getRecordEvents(
  deps: RecordDeps,
  auth: AuthContext,
  kind: RecordKind,
  id: string,
  { page, perPage }: RecordEventsQuery,
): Promise<Readiness<RecordEventsPage>> {
  const { engine } = deps.warehouse;
  return readTimeline(deps, auth, kind, id, async (source) => {
    const offset = (page - 1) * perPage;
    const rows = await readTimelinePage(engine, auth.org.id, source, kind, id, offset, perPage + 1);
    return {
      found: rows.length > 0,
      value: { events: rows.slice(0, perPage), page, perPage, hasMore: rows.length > perPage },
    };
  });
}

/**
 * `GET {kind}/{id}/activity`: the record's events per UTC day for the last `days` days
 * ending today, oldest first, days without events kept as zeros.
 */
export function getRecordActivity(
  deps: RecordDeps,
  auth: AuthContext,
  kind: RecordKind,
  id: string,
  { days }: RecordActivityQuery,
): Promise<Readiness<RecordActivity>> {
  const { engine } = deps.warehouse;
  const tomorrow = (Math.floor(Date.now() / DAY_MS) + 1) * DAY_MS;
  const dayOf = (index: number) =>
    new Date(tomorrow - (days - index) * DAY_MS).toISOString().slice(0, 10);
  return readTimeline(deps, auth, kind, id, async (source) => {
    const counts = await readDailyCounts(engine, auth.org.id, source, kind, id, {
      from: dayOf(0),
      until: dayOf(days),
    });
    const series = Array.from({ length: days }, (_, index) => ({
      day: dayOf(index),
      events: counts.get(dayOf(index)) ?? 0,
    }));
    return { found: counts.size > 0, value: { days: series } };
  });
}
