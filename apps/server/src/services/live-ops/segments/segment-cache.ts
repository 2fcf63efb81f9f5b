import { cachePerDatabase } from '../../../platform/cache/short-cache.js';
import type { Database } from '../../../platform/database/database.js';
import { findSegment, type SegmentRecord } from './segments.repository.js';

/**
 * The segment a data request reads, by organization and id: one metadata query per page
 * request serialised concurrent requests on embedded PGlite. Dropped whenever a segment
 * changes (forgetCachedSegments); the key holds the organization, so an id never reaches
 * another organization's segment.
 */
const SEGMENT_TTL_MS = 5_000;
const segments = cachePerDatabase<SegmentRecord>({ ttlMs: SEGMENT_TTL_MS, capacity: 10_000 });

export function findSegmentCached(db: Database, orgId: string, segmentId: string) {
  return segments
    .of(db)
    .get(JSON.stringify([orgId, segmentId]), () => findSegment(db, orgId, segmentId));
}

/** After any write to a segment row: inside its transaction and again after the commit. */
export function forgetCachedSegments(): void {
  segments.invalidateAll();
}
