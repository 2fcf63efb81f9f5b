import type { SlackChannel } from '@revlane/contracts';
import type { FastifyInstance } from 'fastify';
import { openSlackClient } from '../../../integrations/index.js';

type App = Pick<FastifyInstance, 'db' | 'secrets' | 'config'>;

/**
 * Every public and private channel the bot sees, through all pages of
 * `conversations.list` (the client waits out 429s by their Retry-After).
 */
export async function listWorkspaceChannels(app: App, orgId: string): Promise<SlackChannel[]> {
  const client = await openSlackClient(app, orgId);
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
