import { renderTemplate, type PlayAction } from '@revlane/contracts';

type PlayRecordValues = Record<string, unknown>;

const DAY_MS = 86_400_000;
const dueDate = (days: number, now: Date) =>
  new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);
/** The record's CRM owner, as the CRM sync lands it (docs/architecture.md §5.1). */
const ownerOf = (record: PlayRecordValues) => {
  const owner = record.owner_id ?? record.crm_owner_id ?? record.owner;
  return typeof owner === 'string' && owner !== '' ? owner : null;
};

/**
 * The ids a merged record carries in a CRM (ADR 0032): its own (`salesforce_id`, the joined
 * record's), its account's (`account_salesforce_id`), then its own id (a mapping whose
 * primary table is the CRM's).
 */
function crmRecordIdsOf(record: PlayRecordValues, crm: 'salesforce' | 'hubspot'): string[] {
  const ids = [record[`${crm}_id`], record[`account_${crm}_id`], record.id];
  return ids.filter((id): id is string => typeof id === 'string' && id !== '');
}

/**
 * Exactly what an action sends for one record (ADR 0024): the preview shows it and the run
 * sends it, so the two cannot disagree. Downstream fields that carry the idempotency key are
 * added by each sender.
 */
export function renderAction(action: PlayAction, record: PlayRecordValues, now = new Date()) {
  const render = (text: string) => renderTemplate(text, record);
  switch (action.type) {
    case 'slack_message':
      return { channel: action.channel, text: render(action.text) };
    case 'salesforce_task':
    case 'hubspot_task':
      return {
        subject: render(action.subject),
        description: render(action.description),
        dueDate: dueDate(action.dueInDays, now),
        ownerId: ownerOf(record),
        recordId: String(record.id),
        crmRecordIds: crmRecordIdsOf(
          record,
          action.type === 'salesforce_task' ? 'salesforce' : 'hubspot',
        ),
      };
    case 'outreach_sequence':
      return { sequenceId: action.sequenceId, email: render(action.email) };
    case 'google_sheet_append':
      return {
        spreadsheetId: action.spreadsheetId,
        tab: action.tab,
        headers: action.columns.map((column) => column.header),
        values: action.columns.map((column) => render(column.value)),
      };
    case 'webhook':
      return {
        url: action.url,
        body: Object.fromEntries(
          Object.entries(action.fields).map(([name, template]) => [name, render(template)]),
        ),
      };
  }
}

export type RenderedAction = ReturnType<typeof renderAction>;
