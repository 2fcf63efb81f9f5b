import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { RESET_LINK_MINUTES } from '@revlane/contracts';
import type { Database } from '../../platform/database/database.js';
import type { Queryable } from '../../platform/database/queryable.js';
import { passwordResetTokens } from '../../platform/database/schema/index.js';

/** What a link's token is worth right now. */
export type ResetLinkState =
  { kind: 'valid'; userId: string } | { kind: 'used' } | { kind: 'expired' } | { kind: 'invalid' };

/** 32 random bytes, base64url: the only form a token we issued can have. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Rows stay this long past expiry, so an old link still says "expired" rather than "invalid". */
const KEEP_EXPIRED_MS = 7 * 24 * 60 * 60 * 1000;

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Issues a link's token for a user; only its hash is stored. */
export async function issueResetToken(db: Database, userId: string, now = new Date()) {
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResetTokens).values({
    tokenHash: hashResetToken(token),
    userId,
    expiresAt: new Date(now.getTime() + RESET_LINK_MINUTES * 60 * 1000),
    createdAt: now,
  });
  await db
    .delete(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        lt(passwordResetTokens.expiresAt, new Date(now.getTime() - KEEP_EXPIRED_MS)),
      ),
    );
  return token;
}

export async function resetLinkState(
  db: Database,
  token: string,
  now = new Date(),
): Promise<ResetLinkState> {
  if (!TOKEN_PATTERN.test(token)) return { kind: 'invalid' };
  const [row] = await db
    .select({
      userId: passwordResetTokens.userId,
      expiresAt: passwordResetTokens.expiresAt,
      usedAt: passwordResetTokens.usedAt,
    })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, hashResetToken(token)))
    .limit(1);
  if (!row) return { kind: 'invalid' };
  if (row.usedAt) return { kind: 'used' };
  if (row.expiresAt <= now) return { kind: 'expired' };
  return { kind: 'valid', userId: row.userId };
}

/**
 * Marks the link used if it still works, in one statement, so two submissions of one link
 * cannot both succeed. Returns the user it belongs to, or undefined when it did not work.
 */
export async function claimResetToken(
  db: Queryable,
  token: string,
  now = new Date(),
): Promise<string | undefined> {
  const [claimed] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashResetToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return claimed?.userId;
}

/** After a reset, the user's other outstanding links stop working too. */
export async function retireResetTokens(db: Queryable, userId: string, now = new Date()) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
