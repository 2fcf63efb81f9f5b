import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../../platform/database/database.js';
import { exportTickets } from '../../../platform/database/schema/index.js';

export type ExportTicketRecord = typeof exportTickets.$inferSelect;

export async function insertExportTicket(db: Database, ticket: typeof exportTickets.$inferInsert) {
  // Expired tickets are useless; clearing them here keeps the table at a minute's worth.
  await db.delete(exportTickets).where(lt(exportTickets.expiresAt, new Date()));
  await db.insert(exportTickets).values(ticket);
}

/**
 * Marks the ticket used and returns it, in one statement: of two requests racing with the
 * same ticket exactly one gets it. Unknown, used and expired tickets return nothing.
 */
export async function consumeExportTicket(
  db: Database,
  ticketHash: string,
  now: Date,
): Promise<ExportTicketRecord | undefined> {
  const [row] = await db
    .update(exportTickets)
    .set({ usedAt: now })
    .where(
      and(
        eq(exportTickets.ticketHash, ticketHash),
        isNull(exportTickets.usedAt),
        gt(exportTickets.expiresAt, now),
      ),
    )
    .returning();
  return row;
}
