/** A firing as a message: what Slack and email both say (ADR 0023). */
export interface FiringMessage {
  alertName: string;
  type: 'new' | 'less';
  count: number;
  previousCount: number | null;
  records: Record<string, string | null>[];
  /** The alert's details page in the app. */
  link: string;
}

/** Records listed one by one; the rest are "+N more" behind the link. */
export const SLACK_RECORDS_MAX = 10;

/**
 * How many records the firing is about: `new` counts those that entered; `less` counts the
 * cohort's members, so its records (those that left, up to the firing's cap) are counted.
 */
const recordsTotal = (message: FiringMessage) =>
  message.type === 'new' ? message.count : message.records.length;

export function summaryOf(message: FiringMessage): string {
  if (message.type === 'new') {
    return `${message.alertName}: ${message.count} new record${message.count === 1 ? '' : 's'}`;
  }
  return `${message.alertName}: down to ${message.count} from ${message.previousCount ?? '?'}`;
}

/** How a record reads in a list: its name, then its email or domain, else its id. */
export function recordLabel(record: Record<string, string | null>): string {
  const detail = record.email ?? record.domain;
  const name = record.name ?? record.id ?? '';
  return detail ? `${name} (${detail})` : name;
}

const escapeMrkdwn = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Block Kit: a header, one section per record up to ten, "+N more" linking into the app,
 * and the fallback `text` notifications and screen readers use.
 */
export function slackMessage(message: FiringMessage) {
  const summary = summaryOf(message);
  const shown = message.records.slice(0, SLACK_RECORDS_MAX);
  const hidden = Math.max(0, recordsTotal(message) - shown.length);
  const blocks: object[] = [
    { type: 'header', text: { type: 'plain_text', text: summary.slice(0, 150), emoji: false } },
    ...shown.map((record) => ({
      type: 'section',
      text: { type: 'mrkdwn', text: escapeMrkdwn(recordLabel(record)) },
    })),
  ];
  if (hidden > 0) {
    blocks.push({
      type: 'section',
      text: { type: 'mrkdwn', text: `<${message.link}|+${hidden} more>` },
    });
  } else {
    blocks.push({
      type: 'section',
      text: { type: 'mrkdwn', text: `<${message.link}|Open the alert>` },
    });
  }
  return { text: summary, blocks };
}

/**
 * The firing's message for a channel, with the delivery's idempotency key in the message
 * metadata, so a resend after a crash is recognisable by whoever reads the channel (ADR 0023).
 */
export function slackPost(channel: string, message: FiringMessage, idempotencyKey: string) {
  return {
    channel,
    ...slackMessage(message),
    metadata: {
      event_type: 'revlane_alert',
      event_payload: { idempotency_key: idempotencyKey },
    },
  };
}

/** The email of a firing: the same summary, the records, the link. */
export function emailMessage(message: FiringMessage) {
  const lines = message.records.slice(0, 50).map((record) => `- ${recordLabel(record)}`);
  const more = recordsTotal(message) - lines.length;
  if (more > 0) lines.push(`- and ${more} more`);
  return {
    subject: summaryOf(message),
    text: [summaryOf(message), '', ...lines, '', `Open the alert: ${message.link}`].join('\n'),
  };
}
