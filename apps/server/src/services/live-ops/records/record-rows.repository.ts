import { USERS_ON_ACCOUNT_PAGE, type BaseTable, type SegmentRow } from '@revlane/contracts';
import {
  compileSegmentQuery,
  type OrgCatalogue,
  type SegmentReader,
  type Warehouse,
} from '../../../warehouse/index.js';

/** The compiler's filter on a record's id (`default` columns compare as exact text). */
const idIs = (field: 'id' | 'account_id', id: string) => [{ field, operator: 'eq', value: id }];

/**
 * A record's row read from the organization's wide segment table by THE segment compiler
 * (docs/architecture.md §5.4), every catalogue column: the same SQL expressions, the same
 * conversion, so each value is the one `GET segments/{id}/data` shows. Null when the
 * organization has no such record. `columns` narrows it (an existence check reads `id`).
 */
export async function readRecordRow(
  engine: Warehouse,
  orgId: string,
  catalogue: OrgCatalogue,
  table: BaseTable,
  id: string,
  columns?: string[],
): Promise<SegmentRow | null> {
  const { pageQuery } = compileSegmentQuery(
    { orgId, table, catalogue, filters: idIs('id', id), columns, perPage: 1 },
    engine.dialect,
  );
  const [row] = await engine.query(orgId, pageQuery);
  return (row as SegmentRow | undefined) ?? null;
}

/**
 * An account's users as the users' segment table shows them, most recently seen first (never
 * seen last, then by id), at most USERS_ON_ACCOUNT_PAGE, with how many there are. Through the
 * reader, so pages and counts are cached per load like a segment page (ADR 0020).
 */
export async function readAccountUsers(
  reader: SegmentReader,
  orgId: string,
  accountId: string,
): Promise<{ users: SegmentRow[]; total: number }> {
  const page = await reader.page({
    orgId,
    table: 'users',
    filters: idIs('account_id', accountId),
    sortBy: [{ field: 'last_seen_at', isDescending: true }],
    perPage: USERS_ON_ACCOUNT_PAGE,
  });
  return { users: page.rows, total: page.total };
}
