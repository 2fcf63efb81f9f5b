import type { PlayAction } from '@revlane/contracts';
import type {
  SlackSender,
  ActionOutcome,
  RenderedSheetRow,
  RenderedSequence,
  ProviderSender,
  RenderedTask,
} from '../../../../integrations/index.js';
import { renderAction } from './render-action.js';
import type { PlayRunItemRecord } from './runs.repository.js';
import type { WebhookDelivery } from './webhook-sender.js';

export interface ActionSenders {
  webhook: (delivery: WebhookDelivery) => Promise<ActionOutcome>;
  slack: SlackSender;
  salesforceTask: ProviderSender<RenderedTask>;
  hubspotTask: ProviderSender<RenderedTask>;
  outreachSequence: ProviderSender<RenderedSequence>;
  googleSheet: ProviderSender<RenderedSheetRow>;
}

/** What the play needs to send its items: its actions and their webhook secrets. */
export interface PlayForRun {
  id: string;
  orgId: string;
  name: string;
  actions: PlayAction[];
  secrets: Record<string, string>;
  /** When the run started: no earlier attempt of its items is older. */
  runStartedAt: Date;
}

/**
 * Sends one item once (ADR 0024), its idempotency key passed downstream: `webhook-id`, Slack
 * message metadata (a Slack item that may have been posted is looked for in the channel
 * first, ADR 0025), the CRM task's key field, the sheet's key column (Outreach needs none: a
 * prospect is in a sequence once).
 */
export async function sendAction(
  senders: ActionSenders,
  play: PlayForRun,
  item: PlayRunItemRecord,
  /** An earlier try may have reached the provider: Slack looks for it before posting again. */
  mayHaveSent = false,
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
      {
        rateLimitWaits: 0,
        ...(mayHaveSent ? { earlierAttemptSince: play.runStartedAt } : {}),
      },
    );
    if (result.kind === 'sent') return { kind: 'sent', externalId: result.ts };
    if (result.kind === 'not-connected') return { kind: 'permanent', error: result.error };
    return result;
  }
  const send = { orgId: play.orgId, key: item.idempotencyKey };
  if (action.type === 'salesforce_task')
    return senders.salesforceTask({ ...send, rendered: rendered as RenderedTask });
  if (action.type === 'hubspot_task')
    return senders.hubspotTask({ ...send, rendered: rendered as RenderedTask });
  if (action.type === 'outreach_sequence')
    return senders.outreachSequence({ ...send, rendered: rendered as RenderedSequence });
  return senders.googleSheet({ ...send, rendered: rendered as RenderedSheetRow });
}
