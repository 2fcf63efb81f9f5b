import type { SlackChannel, SlackNotificationSettings } from '@revlane/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import type { Database } from '../../../platform/database/database.js';
import { HttpError, notFound } from '../../../platform/errors/http-error.js';
import { findSlackChannelId, updateSlackChannelId } from './slack.repository.js';

/**
 * Channels of the organization's Slack workspace. The Slack connection arrives with the
 * composer service; until then there is none, so the list is empty.
 */
export function listSlackChannels(_auth: AuthContext): Promise<SlackChannel[]> {
  return Promise.resolve([]);
}

export async function getSlackSettings(
  db: Database,
  auth: AuthContext,
): Promise<SlackNotificationSettings> {
  const row = await findSlackChannelId(db, auth.org.id, auth.user.id);
  if (!row) throw notFound('User');
  return { channelId: row.channelId };
}

/** Only a channel the workspace offers may be chosen; null turns Slack alerts off. */
export async function updateSlackSettings(
  db: Database,
  auth: AuthContext,
  settings: SlackNotificationSettings,
): Promise<SlackNotificationSettings> {
  if (settings.channelId !== null) {
    const channels = await listSlackChannels(auth);
    if (!channels.some((channel) => channel.id === settings.channelId)) {
      throw new HttpError(
        422,
        'That Slack channel is not available; connect Slack and pick a listed channel',
        [{ path: 'body.channelId', message: 'Unknown Slack channel' }],
      );
    }
  }
  const row = await updateSlackChannelId(db, auth.org.id, auth.user.id, settings.channelId);
  if (!row) throw notFound('User');
  return { channelId: row.channelId };
}
