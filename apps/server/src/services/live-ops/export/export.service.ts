import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { EXPORT_TICKET_TTL_SECONDS } from '@revlane/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import { findAccountByUserId } from '../../../platform/auth/accounts.repository.js';
import type { Database } from '../../../platform/database/database.js';
import { badRequest, notFound, unauthorized } from '../../../platform/errors/http-error.js';
import type { WarehouseAccess } from '../../../warehouse/index.js';
import type { ExportListQuery } from '../data/data-query.js';
import { readSegment, type Readiness } from '../data/segment-query.js';
import { findCohort } from '../cohorts/cohorts.repository.js';
import { findSegment, type SegmentRecord } from '../segments/segments.repository.js';
import { requireSegment } from '../segments/segments.service.js';
import { canonicalExportQuery, resolveExportInput } from './export-query.js';
import { exportFileName } from './export-file-name.js';
import { consumeExportTicket, insertExportTicket } from './export-tickets.repository.js';

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** `POST segments/{id}/export-tickets` (docs/architecture.md §4.5): a single-use ticket for this query. */
export async function issueExportTicket(
  db: Database,
  warehouse: WarehouseAccess,
  auth: AuthContext,
  segmentId: string,
  query: ExportListQuery,
) {
  const segment = await requireSegment(db, auth.org.id, segmentId);
  const catalogue = await warehouse.reader.catalogue(auth.org.id);
  resolveExportInput(
    auth.org.id,
    segment,
    query,
    warehouse.engine.dialect,
    'body',
    catalogue,
    auth.user.email,
  );
  if (query.cohort && !(await cohortNameOf(db, segment, query.cohort, auth.user.id))) {
    throw badRequest('The export query is invalid', [
      { path: 'body.cohort', message: 'No such cohort in this segment' },
    ]);
  }
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + EXPORT_TICKET_TTL_SECONDS * 1000);
  await insertExportTicket(db, {
    ticketHash: hashOf(ticket),
    orgId: auth.org.id,
    userId: auth.user.id,
    segmentId: segment.id,
    query: canonicalExportQuery(query),
    expiresAt,
  });
  return { ticket, expiresAt: expiresAt.toISOString() };
}

export interface ExportDownload {
  fileName: string;
  body: Readable;
}

/** The cohort's name when it is one of the segment's cohorts, else undefined. */
async function cohortNameOf(
  db: Database,
  segment: SegmentRecord,
  cohortId: string,
  userId: string,
) {
  const cohort = await findCohort(db, segment.orgId, cohortId, userId);
  return cohort?.segmentId === segment.id ? cohort.name : undefined;
}

const badTicket = () => unauthorized('The export link is invalid or expired; export again');

/** What identifies an export request: its ticket, and the user it acts as when impersonating. */
export interface ExportCredentials {
  token: string | undefined;
  /** `impersonate_user_id` (docs/product.md §7): when present, the user the ticket was issued to. */
  impersonatedUserId: string | undefined;
}

/**
 * `GET segments/{id}/export?…&token=<ticket>`: the ticket is the credential. It is used up
 * first (so a failed attempt cannot be retried with it), then must match the segment,
 * exactly the query it was issued for and, when the URL names one, the impersonated user.
 */
export async function openExport(
  db: Database,
  warehouse: WarehouseAccess,
  segmentId: string,
  query: ExportListQuery,
  { token, impersonatedUserId }: ExportCredentials,
): Promise<Readiness<ExportDownload>> {
  if (!token) throw badTicket();
  const ticket = await consumeExportTicket(db, hashOf(token), new Date());
  if (!ticket) throw badTicket();
  const segment = await findSegment(db, ticket.orgId, segmentId);
  if (!segment) throw notFound('Segment');
  const isOtherUser = impersonatedUserId !== undefined && impersonatedUserId !== ticket.userId;
  if (
    ticket.segmentId !== segment.id ||
    ticket.query !== canonicalExportQuery(query) ||
    isOtherUser
  )
    throw badTicket();
  const catalogue = await warehouse.reader.catalogue(ticket.orgId);
  const input = resolveExportInput(
    ticket.orgId,
    segment,
    query,
    warehouse.engine.dialect,
    'query',
    catalogue,
    (await findAccountByUserId(db, ticket.userId))?.user.email ?? null,
  );
  return readSegment(async () => {
    // The engine writes the CSV (DuckDB's own writer; PostgreSQL to the same bytes), formulas
    // defused in SQL. Pull-based: the next chunk is read only when the response has room.
    // What the screen shows: the groups of a grouped view, else the records.
    const { chunks } = input.groupBy?.length
      ? await warehouse.reader.exportGroupsCsv(input)
      : await warehouse.reader.exportCsv(input);
    // Named after the cohort on a cohort's page (the segment's name if it was deleted since).
    const cohortName = query.cohort
      ? await cohortNameOf(db, segment, query.cohort, ticket.userId)
      : undefined;
    const name = cohortName && query.changes ? `${cohortName} ${query.changes}` : cohortName;
    return { fileName: exportFileName(name ?? segment.name), body: Readable.from(chunks) };
  });
}
