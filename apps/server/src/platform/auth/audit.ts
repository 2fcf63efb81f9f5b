import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../database/database.js';
import { auditLog } from '../database/schema/index.js';

const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Records every data-changing request made while impersonating (docs/architecture.md §4.4). Runs in
 * onSend, i.e. before the client sees the answer: the row is committed by the time a
 * support user (or a test) could look for it, and a shutdown cannot drop it.
 */
export async function auditImpersonatedChange(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const auth = request.auth as FastifyRequest['auth'] | null;
  if (!auth?.actor || !CHANGING_METHODS.has(request.method)) return;
  const { actor, user, org } = auth;
  await writeAuditRecord(db, request.log, {
    orgId: org.id,
    actorUserId: actor.id,
    subjectUserId: user.id,
    action: `support ${actor.email} acting as user ${user.email}`,
    method: request.method,
    // Without the query string: it may carry tickets or other secrets.
    path: request.url.split('?')[0] ?? request.url,
    statusCode: reply.statusCode,
  });
}

export type AuditRecord = typeof auditLog.$inferInsert;

/** Writes one audit row; a failure is logged, never the caller's error (the action happened). */
export async function writeAuditRecord(
  db: Database,
  log: FastifyBaseLogger,
  record: AuditRecord,
): Promise<void> {
  try {
    await db.insert(auditLog).values(record);
  } catch (error) {
    log.error({ err: error, action: record.action }, 'could not write the audit record');
  }
}
