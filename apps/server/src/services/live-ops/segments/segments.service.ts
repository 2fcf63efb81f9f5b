import type { SegmentSummary } from '@revlane/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import type { Database } from '../../../platform/database/database.js';
import { listSegmentSummaries } from './segments.repository.js';

/**
 * The segments the menu shows the user. Every member of an organization sees all of its
 * segments for now; per-user visibility would narrow this list, not change its shape.
 * While impersonating, `auth.org` is the impersonated user's organization.
 */
export function listMySegments(db: Database, auth: AuthContext): Promise<SegmentSummary[]> {
  return listSegmentSummaries(db, auth.org.id);
}
