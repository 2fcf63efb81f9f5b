import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Queryable } from '../../platform/database/queryable.js';
import { oauthStates } from '../../platform/database/schema/index.js';

export type OAuthStateRecord = typeof oauthStates.$inferSelect;

export async function insertOAuthState(db: Queryable, state: typeof oauthStates.$inferInsert) {
  // Expired requests are of no use to anyone: each new one clears them.
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date()));
  await db.insert(oauthStates).values(state);
}

/**
 * Uses the state once: the row is marked used in the same statement that reads it, so a
 * replayed callback finds nothing, even racing the first.
 */
export async function consumeOAuthState(db: Queryable, stateHash: string) {
  const [row] = await db
    .update(oauthStates)
    .set({ usedAt: new Date() })
    .where(and(eq(oauthStates.stateHash, stateHash), isNull(oauthStates.usedAt)))
    .returning();
  return row;
}
