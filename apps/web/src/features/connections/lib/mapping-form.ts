import {
  mappingBodySchema,
  type FieldError,
  type MappedEntity,
  type Mapping,
  type MappingBody,
  type Source,
} from '@revlane/contracts';
import {
  joinIssues,
  joinsPart,
  joinValuesOf,
  sourceTypeLookup,
  winnersOf,
  type JoinValues,
  type SourceTypeOf,
} from './mapping-joins';

export interface EntityValues {
  sourceId?: string;
  table?: string;
  columns?: Record<string, string | null | undefined>;
  attributes?: string[];
  /** Accounts and users only: their joined tables and who wins a contested attribute. */
  joins?: JoinValues[];
  winners?: Record<string, string | undefined>;
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

/** A saved entity as the editor holds it: its joins' renames by column, its winners. */
function joinedValuesOf(entity: MappingBody['accounts'] | MappingBody['users']): EntityValues {
  const { joins, precedence, ...rest } = entity;
  return { ...rest, joins: (joins ?? []).map(joinValuesOf), winners: winnersOf(precedence) };
}

/** What the editor starts from: the draft, else the published version, else this source. */
export function initialMappingValues(mapping: Mapping, sourceId: string): MappingFormValues {
  const saved = mapping.draft ?? mapping.published?.mapping;
  if (saved)
    return {
      accounts: joinedValuesOf(saved.accounts),
      users: joinedValuesOf(saved.users),
      events: saved.events,
      hasEvents: saved.events !== undefined,
    };
  return {
    accounts: { sourceId, columns: {}, attributes: [] },
    users: { sourceId, columns: {}, attributes: [] },
    events: { sourceId, columns: {} },
    hasEvents: false,
  };
}

const presentColumns = (columns: EntityValues['columns']) =>
  Object.fromEntries(Object.entries(columns ?? {}).filter(([, name]) => name));

const entityBody = (values: EntityValues | undefined, joinedBy?: SourceTypeOf) => ({
  sourceId: values?.sourceId ?? '',
  table: values?.table ?? '',
  columns: presentColumns(values?.columns),
  ...(joinedBy ? { attributes: values?.attributes ?? [], ...joinsPart(values, joinedBy) } : {}),
});

/**
 * The mapping a form says, checked with the contract's own schema (the server's), so the
 * messages next to the fields are the ones the server would give.
 */
export function mappingOfForm(
  values: MappingFormValues,
  sources: readonly Source[] = [],
): { body: MappingBody } | { errors: FieldError[] } {
  const typeOf = sourceTypeLookup(sources);
  const parsed = mappingBodySchema.safeParse({
    accounts: entityBody(values.accounts, typeOf),
    users: entityBody(values.users, typeOf),
    ...(values.hasEvents ? { events: entityBody(values.events) } : {}),
  });
  const issues = [...joinIssues('accounts', values.accounts), ...joinIssues('users', values.users)];
  if (parsed.success && issues.length === 0) return { body: parsed.data };
  return {
    errors: [
      ...(parsed.error?.issues ?? []).map((issue) => ({
        path: issue.path.join('.'),
        message: issue.message,
      })),
      ...issues,
    ],
  };
}

/**
 * Error paths as antd field names: `accounts.columns.id` → `['accounts', 'columns', 'id']`;
 * an attribute (`users.attributes[0]`, `accounts.joins.1.attributes.0.name`) names the
 * attributes field, a join's index is the list's number, and a precedence names the winner.
 */
export function mappingFieldsOf(errors: readonly FieldError[]) {
  const byField = new Map<string, string[]>();
  for (const error of errors) {
    const path = error.path
      .replace(/^body\./, '')
      .replace(/\[(\d+)\]/g, '.$1')
      .replace(/(\.attributes)\.\d+(\..*)?$/, '$1')
      .replace(/^(accounts|users)\.precedence\./, '$1.winners.');
    byField.set(path, [...(byField.get(path) ?? []), error.message]);
  }
  return [...byField].map(([path, messages]) => ({
    name: path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    errors: messages,
  }));
}
