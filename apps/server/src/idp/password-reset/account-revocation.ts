import { sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/database/queryable.js';
import { idpModels, userCredentials } from '../../platform/database/schema/index.js';

/**
 * Sets a user's new password and signs them out everywhere (call it inside the transaction
 * that claims the link): every provider record of the account (sessions, grants, refresh tokens, codes) goes, so no
 * browser session or refresh token outlives the old password. Access tokens already issued
 * are signed JWTs and run out on their own (one hour at most).
 */
export async function setPasswordAndSignOut(
  db: Queryable,
  { userId, subject, passwordHash }: { userId: string; subject: string; passwordHash: string },
): Promise<void> {
  await db
    .insert(userCredentials)
    .values({ userId, passwordHash })
    .onConflictDoUpdate({
      target: userCredentials.userId,
      set: { passwordHash, updatedAt: new Date() },
    });
  // oidc-provider keeps the account of each model in its payload (`accountId`).
  await db.delete(idpModels).where(sql`${idpModels.payload}->>'accountId' = ${subject}`);
}
