import type { RecordDetail, RecordFiring, RecordKind, SegmentRow } from '@revlane/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import type { Database } from '../../../platform/database/database.js';
import { notFound } from '../../../platform/errors/http-error.js';
import type { OrgCatalogue, WarehouseAccess } from '../../../warehouse/index.js';
import type { Readiness } from '../data/segment-query.js';
import { recordColumns } from './record-columns.js';
import {
  listCohortsOfTable,
  readRecordSnapshots,
  type RecordSnapshots,
} from './record-cohorts.repository.js';
import {
  listRecordFiringCandidates,
  RECORD_FIRINGS_MAX,
  type RecordFiringRow,
} from './record-firings.repository.js';
import { toMemberships } from './record-memberships.js';
import { listRecordPlayItems } from './record-play-items.repository.js';
import { readAccountUsers, readRecordRow } from './record-rows.repository.js';

export interface RecordDeps {
  db: Database;
  warehouse: WarehouseAccess;
}

export const recordNotFound = (kind: RecordKind) =>
  notFound(kind === 'accounts' ? 'Account' : 'User');

/**
 * `GET accounts/{id}` and `GET users/{id}` (docs/product.md §2, record pages): the record's
 * segment row, its columns by group, its account's users or its user's account, and what the
 * snapshots, alerts and plays recorded about it. Before the organization's first load it is
 * "preparing", as segment pages are; an id its warehouse does not hold (another
 * organization's, or none) is a 404.
 */
export async function getRecordDetail(
  deps: RecordDeps,
  auth: AuthContext,
  kind: RecordKind,
  id: string,
): Promise<Readiness<RecordDetail>> {
  const { engine, reader } = deps.warehouse;
  const orgId = auth.org.id;
  const status = await reader.status(orgId);
  if (status.state === 'preparing') return status;
  const { catalogue } = status.load;
  const record = await readRecordRow(engine, orgId, catalogue, kind, id);
  if (!record) throw recordNotFound(kind);
  const cohorts = await listCohortsOfTable(deps.db, orgId, kind);
  const [related, snapshots, candidates, playItems] = await Promise.all([
    relatedRecords(deps, orgId, catalogue, kind, record),
    readRecordSnapshots(
      engine,
      orgId,
      cohorts.map((cohort) => cohort.id),
      id,
    ),
    listRecordFiringCandidates(deps.db, orgId, kind, id),
    listRecordPlayItems(deps.db, orgId, kind, id),
  ]);
  return {
    state: 'ready',
    value: {
      kind,
      record,
      columns: recordColumns(catalogue, kind),
      ...related,
      memberships: toMemberships(cohorts, snapshots, Date.now()),
      firings: concerning(candidates, snapshots),
      playItems,
    },
  };
}

/** An account's users (and how many), or a user's account row (null without one). */
async function relatedRecords(
  deps: RecordDeps,
  orgId: string,
  catalogue: OrgCatalogue,
  kind: RecordKind,
  record: SegmentRow,
): Promise<Pick<RecordDetail, 'users' | 'usersTotal' | 'account'>> {
  if (kind === 'accounts') {
    const { users, total } = await readAccountUsers(
      deps.warehouse.reader,
      orgId,
      String(record.id),
    );
    return { users, usersTotal: total };
  }
  const accountId = record.account_id;
  if (typeof accountId !== 'string' || accountId === '') return { account: null };
  const account = await readRecordRow(
    deps.warehouse.engine,
    orgId,
    catalogue,
    'accounts',
    accountId,
  );
  return { account };
}

/**
 * The firings that concern the record: those whose kept records name it, and of those that
 * kept only their first records, the ones whose snapshot recorded the record's change of that
 * kind (entered for `new`, left for `less`) in the alert's cohort at the firing's moment.
 */
function concerning(candidates: RecordFiringRow[], snapshots: RecordSnapshots): RecordFiring[] {
  const changedAt = (firing: RecordFiringRow) =>
    snapshots.changes.some(
      (change) =>
        change.cohortId === firing.cohortId &&
        change.at === firing.snapshotAt.getTime() &&
        change.change === (firing.type === 'new' ? 'entered' : 'left'),
    );
  return candidates
    .filter((firing) => firing.names || changedAt(firing))
    .slice(0, RECORD_FIRINGS_MAX)
    .map((firing) => ({
      notificationId: firing.notificationId,
      notificationName: firing.notificationName,
      firingId: firing.firingId,
      firedAt: firing.firedAt.toISOString(),
    }));
}
