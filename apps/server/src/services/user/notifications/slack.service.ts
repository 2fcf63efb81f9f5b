import type { SlackChannel, SlackNotificationSettings } from '@revlane/contracts';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../../../platform/auth/auth-context.js';
import type { Database } from '../../../platform/database/database.js';
import { HttpError, notFound } from '../../../platform/errors/http-error.js';
import { findSlackChannelId, updateSlackChannelId } from './slack.repository.js';
import { openSlackClient } from '../../../integrations/index.js';
import { listWorkspaceChannels } from './slack-workspace.js';

type App = Pick<FastifyInstance, 'db' | 'secrets' | 'config'>;

/** Channels of the organization's Slack workspace: empty until Slack is connected. */
export function listSlackChannels(app: App, auth: AuthContext): Promise<SlackChannel[]> {
  return listWorkspaceChannels(app, auth.org.id);
}

/** Posts a test message to the user's chosen channel (docs/product.md §7). */
export async function sendSlackTestMessage(app: App, auth: AuthContext) {
  const row = await findSlackChannelId(app.db, auth.org.id, auth.user.id);
  if (!row) throw notFound('User');
  if (!row.channelId) throw new HttpError(409, 'Choose a Slack channel first');
  const client = await openSlackClient(app, auth.org.id);
  if (!client) throw new HttpError(409, 'Connect Slack first');
  await client.chat.postMessage({
    channel: row.channelId,
    text: `Test message from Revlane for ${auth.user.email}: alerts will arrive in this channel.`,
  });
  return { channelId: row.channelId, sent: true };
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
  app: App,
  auth: AuthContext,
  settings: SlackNotificationSettings,
): Promise<SlackNotificationSettings> {
  const db = app.db;
  if (settings.channelId !== null) {
    const channels = await listSlackChannels(app, auth);
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
