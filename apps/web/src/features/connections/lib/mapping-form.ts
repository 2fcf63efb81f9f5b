import {
  mappingBodySchema,
  type FieldError,
  type MappedEntity,
  type Mapping,
  type MappingBody,
} from '@revlane/contracts';

export interface EntityValues {
  sourceId?: string;
  table?: string;
  columns?: Record<string, string | null | undefined>;
  attributes?: string[];
}

/** The mapping editor's form: the mapping's own shape, and whether events are mapped. */
export interface MappingFormValues {
  accounts?: EntityValues;
  users?: EntityValues;
  events?: EntityValues;
  hasEvents?: boolean;
}

/** A role column the editor asks for (ADR 0019 names the roles and their types). */
export interface RoleField {
  role: string;
  label: string;
  isRequired?: boolean;
  help?: string;
}

export const ENTITY_FIELDS: Record<MappedEntity, { title: string; roles: RoleField[] }> = {
  accounts: {
    title: 'Accounts',
    roles: [
      { role: 'id', label: 'Account id', isRequired: true },
      { role: 'name', label: 'Name' },
      { role: 'domain', label: 'Domain or website', help: 'Users are matched by email domain.' },
    ],
  },
  users: {
    title: 'Users (contacts)',
    roles: [
      { role: 'id', label: 'User id', isRequired: true },
      { role: 'email', label: 'Email' },
      { role: 'name', label: 'Name' },
      {
        role: 'accountId',
        label: 'Account id',
        help: 'Leave empty to match users to accounts by their email domain.',
      },
    ],
  },
  events: {
    title: 'Events',
    roles: [
      { role: 'userId', label: 'User id', isRequired: true },
      { role: 'name', label: 'Event name', isRequired: true },
      { role: 'occurredAt', label: 'Occurred at', isRequired: true },
    ],
  },
};

/** What the editor starts from: the draft, else the published version, else this source. */
export function initialMappingValues(mapping: Mapping, sourceId: string): MappingFormValues {
  const saved = mapping.draft ?? mapping.published?.mapping;
  if (saved) return { ...saved, hasEvents: saved.events !== undefined };
  return {
    accounts: { sourceId, columns: {}, attributes: [] },
    users: { sourceId, columns: {}, attributes: [] },
    events: { sourceId, columns: {} },
    hasEvents: false,
  };
}

const presentColumns = (columns: EntityValues['columns']) =>
  Object.fromEntries(Object.entries(columns ?? {}).filter(([, name]) => name));

const entityBody = (values: EntityValues | undefined, hasAttributes: boolean) => ({
  sourceId: values?.sourceId ?? '',
  table: values?.table ?? '',
  columns: presentColumns(values?.columns),
  ...(hasAttributes ? { attributes: values?.attributes ?? [] } : {}),
});

/**
 * The mapping a form says, checked with the contract's own schema (the server's), so the
 * messages next to the fields are the ones the server would give.
 */
export function mappingOfForm(
  values: MappingFormValues,
): { body: MappingBody } | { errors: FieldError[] } {
  const parsed = mappingBodySchema.safeParse({
    accounts: entityBody(values.accounts, true),
    users: entityBody(values.users, true),
    ...(values.hasEvents ? { events: entityBody(values.events, false) } : {}),
  });
  if (parsed.success) return { body: parsed.data };
  return {
    errors: parsed.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    })),
  };
}

/**
 * Error paths as antd field names: `accounts.columns.id` → `['accounts', 'columns', 'id']`;
 * an attribute (`users.attributes[0]`, `users.attributes.0`) names the attributes field.
 */
export function mappingFieldsOf(errors: readonly FieldError[]) {
  const byField = new Map<string, string[]>();
  for (const error of errors) {
    const path = error.path
      .replace(/^body\./, '')
      .replace(/\[\d+\]$/, '')
      .replace(/\.\d+$/, '');
    byField.set(path, [...(byField.get(path) ?? []), error.message]);
  }
  return [...byField].map(([path, messages]) => ({ name: path.split('.'), errors: messages }));
}
