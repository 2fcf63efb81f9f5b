import type { SlackChannel } from '@revlane/contracts';
import type { FastifyInstance } from 'fastify';
import { ConnectionSession } from '../../composer/connections/connection-session.js';
import { findConnection } from '../../composer/connections/connections.repository.js';
import { slackClient } from '../../composer/connections/providers/slack-provider.js';

type App = Pick<FastifyInstance, 'db' | 'secrets' | 'config'>;

/** The organization's Slack bot client, or null while Slack is not connected. */
export async function slackWorkspaceOf(app: App, orgId: string) {
  const record = await findConnection(app.db, orgId, 'slack');
  if (!record?.sealedTokens || record.status !== 'connected') return null;
  const settings = app.config.connections.slack;
  const session = new ConnectionSession(app, record, settings);
  return slackClient(settings, (await session.current()).accessToken);
}

/**
 * Every public and private channel the bot sees, through all pages of
 * `conversations.list` (the client waits out 429s by their Retry-After).
 */
export async function listWorkspaceChannels(app: App, orgId: string): Promise<SlackChannel[]> {
  const client = await slackWorkspaceOf(app, orgId);
  if (!client) return [];
  const channels: SlackChannel[] = [];
  for await (const page of client.paginate('conversations.list', {
    types: 'public_channel,private_channel',
    exclude_archived: true,
    limit: 100,
  })) {
    const list = (page as { channels?: { id?: string; name?: string }[] }).channels ?? [];
    for (const channel of list)
      if (channel.id && channel.name) channels.push({ id: channel.id, name: channel.name });
  }
  return channels;
}
