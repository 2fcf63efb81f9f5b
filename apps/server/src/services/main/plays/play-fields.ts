import {
  CONNECTION_LABELS,
  parseTemplate,
  type ConnectionProvider,
  TEMPLATE_ENTITY,
  type BaseTable,
  type FieldError,
  type PlayActionInput,
} from '@revlane/contracts';
import type { OrgCatalogue } from '../../../warehouse/index.js';

/** The templates of an action, each with the path of its field in the request body. */
function templatesOf(action: PlayActionInput): [string[], string][] {
  switch (action.type) {
    case 'slack_message':
      return [[['text'], action.text]];
    case 'salesforce_task':
    case 'hubspot_task':
      return [
        [['subject'], action.subject],
        [['description'], action.description ?? ''],
      ];
    case 'outreach_sequence':
      return [[['email'], action.email]];
    case 'google_sheet_append':
      return action.columns.map((column, index) => [
        ['columns', String(index), 'value'],
        column.value,
      ]);
    case 'webhook':
      return Object.entries(action.fields).map(([name, value]) => [['fields', name], value]);
  }
}

/**
 * Every placeholder must name a column of the cohort's records (`{{account.mrr}}` on an
 * accounts cohort), the organization's custom attributes included (ADR 0026): a template
 * that would render empty forever is refused on save.
 */
export function checkActionFields(
  actions: PlayActionInput[],
  table: BaseTable,
  catalogue: OrgCatalogue,
): FieldError[] {
  const entity = TEMPLATE_ENTITY[table];
  const columns = new Set(catalogue.columns(table).map((column) => column.name));
  const errors: FieldError[] = [];
  actions.forEach((action, index) => {
    for (const [path, text] of templatesOf(action)) {
      const parsed = parseTemplate(text);
      if ('error' in parsed) continue;
      const unknown = parsed.references.find(
        (reference) => reference.entity !== entity || !columns.has(reference.column),
      );
      if (unknown) {
        errors.push({
          path: ['body', 'actions', String(index), ...path].join('.'),
          message: `"{{${unknown.entity}.${unknown.column}}}" is not a field of the cohort's ${table} (use {{${entity}.<column>}})`,
        });
      }
    }
  });
  return errors;
}

/** The provider each action type sends through; a webhook needs none. */
const ACTION_PROVIDER: Record<
  PlayActionInput['type'],
  ConnectionProvider | 'google_sheets' | null
> = {
  slack_message: 'slack',
  salesforce_task: 'salesforce',
  hubspot_task: 'hubspot',
  outreach_sequence: 'outreach',
  google_sheet_append: 'google_sheets',
  webhook: null,
};

/** The connections a play's actions send through (Google Sheets and webhooks need none). */
export function providersOf(actions: readonly PlayActionInput[]): ConnectionProvider[] {
  return actions.flatMap((action) => {
    const provider = ACTION_PROVIDER[action.type];
    return provider && provider !== 'google_sheets' ? [provider] : [];
  });
}

/**
 * An active play must be able to deliver (docs/product.md §7): an action whose provider this
 * server has no credentials for (no client id and no sandbox; no Sheets key and no sandbox)
 * is a 400 naming the action, rather than a play that fails every item it ever runs.
 */
export function checkActionProviders(
  actions: PlayActionInput[],
  isSetUp: (provider: ConnectionProvider | 'google_sheets') => boolean,
): FieldError[] {
  const errors: FieldError[] = [];
  actions.forEach((action, index) => {
    const provider = ACTION_PROVIDER[action.type];
    if (!provider || isSetUp(provider)) return;
    const label = provider === 'google_sheets' ? 'Google Sheets' : CONNECTION_LABELS[provider];
    errors.push({
      path: `body.actions.${index}.type`,
      message: `${label} is not set up on this server: the "${action.type}" action cannot deliver (save the play as a draft, or ask your administrator to set ${label} up)`,
    });
  });
  return errors;
}
