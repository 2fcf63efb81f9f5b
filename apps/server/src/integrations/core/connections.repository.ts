import { randomUUID } from 'node:crypto';
import type { ConnectionProvider } from '@revlane/contracts';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/database/queryable.js';
import { connections } from '../../platform/database/schema/index.js';

export type ConnectionRecord = typeof connections.$inferSelect;
export type ConnectionChanges = Partial<
  Omit<ConnectionRecord, 'id' | 'orgId' | 'provider' | 'createdAt'>
>;

const byOrgAndProvider = (orgId: string, provider: ConnectionProvider) =>
  and(eq(connections.orgId, orgId), eq(connections.provider, provider));

export function listConnectionRows(db: Queryable, orgId: string): Promise<ConnectionRecord[]> {
  return db.select().from(connections).where(eq(connections.orgId, orgId));
}

export async function findConnection(db: Queryable, orgId: string, provider: ConnectionProvider) {
  const [row] = await db.select().from(connections).where(byOrgAndProvider(orgId, provider));
  return row;
}

/** The organization's row for the provider, created (not connected) when it has none. */
export async function ensureConnection(db: Queryable, orgId: string, provider: ConnectionProvider) {
  const existing = await findConnection(db, orgId, provider);
  if (existing) return existing;
  const [row] = await db
    .insert(connections)
    .values({ id: randomUUID(), orgId, provider, status: 'not_connected' })
    .onConflictDoNothing()
    .returning();
  return row ?? (await findConnection(db, orgId, provider))!;
}

export async function updateConnection(
  db: Queryable,
  orgId: string,
  provider: ConnectionProvider,
  changes: ConnectionChanges,
) {
  const [row] = await db
    .update(connections)
    .set(changes)
    .where(byOrgAndProvider(orgId, provider))
    .returning();
  return row;
}
