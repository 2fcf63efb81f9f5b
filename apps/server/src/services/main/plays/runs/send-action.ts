import type { PlayAction } from '@revlane/contracts';
import type { SlackSender } from '../../../composer/connections/slack-sender.js';
import type { ActionOutcome } from './action-outcome.js';
import { renderAction } from './render-action.js';
import type { PlayRunItemRecord } from './runs.repository.js';
import type { WebhookDelivery } from './webhook-sender.js';

export interface ActionSenders {
  webhook: (delivery: WebhookDelivery) => Promise<ActionOutcome>;
  slack: SlackSender;
}

/** What the play needs to send its items: its actions and their webhook secrets. */
export interface PlayForRun {
  id: string;
  orgId: string;
  actions: PlayAction[];
  secrets: Record<string, string>;
}

/**
 * Sends one item once (ADR 0024), its idempotency key passed downstream: `webhook-id`, Slack
 * message metadata. Actions whose provider client is not on this server yet fail for good,
 * with the reason shown in the run.
 */
export async function sendAction(
  senders: ActionSenders,
  play: PlayForRun,
  item: PlayRunItemRecord,
): Promise<ActionOutcome> {
  const action = play.actions.find((candidate) => candidate.id === item.actionId);
  if (!action) return { kind: 'permanent', error: 'The action was removed from the play' };
  const rendered = renderAction(action, item.record);
  if (action.type === 'webhook' && 'body' in rendered) {
    const secret = play.secrets[action.id];
    if (!secret) return { kind: 'permanent', error: 'The webhook has no signing secret' };
    return senders.webhook({
      url: action.url,
      secret,
      messageId: item.idempotencyKey,
      payload: {
        type: 'play.record_entered',
        timestamp: new Date().toISOString(),
        data: { playId: play.id, actionId: action.id, recordId: item.recordId, ...rendered.body },
      },
    });
  }
  if (action.type === 'slack_message') {
    const message = rendered as { channel: string; text: string };
    const result = await senders.slack.post(
      play.orgId,
      {
        channel: message.channel,
        text: message.text,
        metadata: {
          event_type: 'revlane_play',
          event_payload: { idempotency_key: item.idempotencyKey },
        },
      },
      { rateLimitWaits: 0 },
    );
    if (result.kind === 'sent') return { kind: 'sent', externalId: result.ts };
    if (result.kind === 'not-connected') return { kind: 'permanent', error: result.error };
    return result;
  }
  return { kind: 'permanent', error: `${action.type} is not available on this server yet` };
}
