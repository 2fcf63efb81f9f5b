import { and, eq } from 'drizzle-orm';
import type { Database } from '../../../platform/database/database.js';
import { users } from '../../../platform/database/schema/index.js';
import { forgetCachedAccounts } from '../../../platform/auth/account-cache.js';

const byOrgAndId = (orgId: string, userId: string) =>
  and(eq(users.orgId, orgId), eq(users.id, userId));

export async function findSlackChannelId(db: Database, orgId: string, userId: string) {
  const [row] = await db
    .select({ channelId: users.slackChannelId })
    .from(users)
    .where(byOrgAndId(orgId, userId));
  return row;
}

export async function updateSlackChannelId(
  db: Database,
  orgId: string,
  userId: string,
  channelId: string | null,
) {
  const [row] = await db
    .update(users)
    .set({ slackChannelId: channelId })
    .where(byOrgAndId(orgId, userId))
    .returning({ channelId: users.slackChannelId });
  forgetCachedAccounts();
  return row;
}
