import type { PlayActionInput, PlayActionType } from '@revlane/contracts';

export type FieldKind = 'text' | 'template' | 'number' | 'slackChannel';

/** One input of an action's form; `name` is the field's name in the API body. */
export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  placeholder?: string;
}

const TASK_FIELDS: FieldSpec[] = [
  { name: 'subject', label: 'Subject', kind: 'template' },
  { name: 'description', label: 'Description', kind: 'template' },
  { name: 'dueInDays', label: 'Due in (days)', kind: 'number' },
];

/** The single-value fields of each action type the API accepts (ADR 0024, docs/product.md §7). */
export const ACTION_FIELDS: Record<PlayActionType, FieldSpec[]> = {
  slack_message: [
    { name: 'channel', label: 'Channel', kind: 'slackChannel', placeholder: 'Channel id' },
    { name: 'text', label: 'Message', kind: 'template' },
  ],
  salesforce_task: TASK_FIELDS,
  hubspot_task: TASK_FIELDS,
  outreach_sequence: [
    { name: 'sequenceId', label: 'Sequence id', kind: 'text' },
    { name: 'email', label: 'Prospect email', kind: 'template' },
  ],
  google_sheet_append: [
    { name: 'spreadsheetId', label: 'Spreadsheet id', kind: 'text' },
    { name: 'tab', label: 'Tab', kind: 'text' },
  ],
  webhook: [{ name: 'url', label: 'URL', kind: 'text', placeholder: 'https://…' }],
};

/** Types whose body holds a list of named templates: sheet columns, webhook payload fields. */
export const ACTION_PAIRS: Partial<
  Record<PlayActionType, { label: string; keyLabel: string; addText: string }>
> = {
  google_sheet_append: { label: 'Columns', keyLabel: 'Header', addText: 'Add column' },
  webhook: { label: 'Payload fields', keyLabel: 'Field name', addText: 'Add field' },
};

export interface PairDraft {
  key: string;
  value: string;
}

/** An action as the editor holds it; `uid` keys it in the list while it moves. */
export interface ActionDraft {
  uid: string;
  id?: string;
  type: PlayActionType;
  values: Record<string, string | number>;
  pairs: PairDraft[];
}

let nextUid = 0;
const uid = () => `action-${++nextUid}`;

/** A new action of `type`, its templates starting from the record's name. */
export function newActionDraft(type: PlayActionType, entity: string): ActionDraft {
  const name = `{{${entity}.name}}`;
  const values: Record<PlayActionType, Record<string, string | number>> = {
    slack_message: { channel: '', text: `${name} entered the cohort` },
    salesforce_task: { subject: `Follow up with ${name}`, description: '', dueInDays: 3 },
    hubspot_task: { subject: `Follow up with ${name}`, description: '', dueInDays: 3 },
    outreach_sequence: { sequenceId: '', email: '' },
    google_sheet_append: { spreadsheetId: '', tab: 'Sheet1' },
    webhook: { url: '' },
  };
  const pairs = ACTION_PAIRS[type] ? [{ key: 'name', value: name }] : [];
  return { uid: uid(), type, values: values[type], pairs };
}

/** An action the API answered, as a draft. */
export function toActionDraft(
  action: { id: string; type: PlayActionType } & Record<string, unknown>,
) {
  const values: Record<string, string | number> = {};
  for (const field of ACTION_FIELDS[action.type]) {
    const value = action[field.name];
    values[field.name] = typeof value === 'number' || typeof value === 'string' ? value : '';
  }
  const pairs: PairDraft[] =
    action.type === 'google_sheet_append'
      ? ((action.columns ?? []) as { header: string; value: string }[]).map((column) => ({
          key: column.header,
          value: column.value,
        }))
      : action.type === 'webhook'
        ? Object.entries((action.fields ?? {}) as Record<string, string>).map(([key, value]) => ({
            key,
            value,
          }))
        : [];
  return { uid: uid(), id: action.id, type: action.type, values, pairs } satisfies ActionDraft;
}

/** The API body of a draft; ids are kept, so the idempotency keys stay (ADR 0024). */
export function toActionInput(draft: ActionDraft): PlayActionInput {
  const pairs =
    draft.type === 'google_sheet_append'
      ? { columns: draft.pairs.map((pair) => ({ header: pair.key, value: pair.value })) }
      : draft.type === 'webhook'
        ? { fields: Object.fromEntries(draft.pairs.map((pair) => [pair.key, pair.value])) }
        : {};
  return {
    type: draft.type,
    ...(draft.id ? { id: draft.id } : {}),
    ...draft.values,
    ...pairs,
  } as PlayActionInput;
}

/** Moves the item at `from` to `to`, for the editor's up and down buttons. */
export function move<T>(items: T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
