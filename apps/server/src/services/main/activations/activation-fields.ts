import {
  ACTIVATION_PROVIDER_LABELS,
  type ActivationField,
  type ActivationMode,
  type ActivationOnLeave,
  type ActivationProvider,
  type BaseTable,
  type DestinationField,
  type FieldError,
} from '@revlane/contracts';
import { DestinationRetry, isConnectorError } from '../../../integrations/index.js';
import { serviceUnavailable } from '../../../platform/errors/http-error.js';
import type { OrgCatalogue } from '../../../warehouse/index.js';

/** The parts of an activation's definition the checks read. */
export interface ActivationMapping {
  destination: { provider: ActivationProvider; object: string };
  match: ActivationField;
  mode: ActivationMode;
  fields: ActivationField[];
  onLeave: ActivationOnLeave;
}

/**
 * The field holding the provider's own record id: it finds a record but cannot create one
 * (the provider assigns it), so upsert and mirror need another identifying field (ADR 0033).
 */
const RECORD_ID_FIELD: Partial<Record<ActivationProvider, string>> = {
  salesforce: 'Id',
  hubspot: 'hs_object_id',
  intercom: 'id',
};

/** A Google Sheets destination names its spreadsheet and tab: `<spreadsheetId>/<tab>`. */
const SHEET_OBJECT = /^[A-Za-z0-9_-]+\/.+$/;

/** The cohort's columns the activation reads must exist on its base table (ADR 0026). */
export function checkColumns(
  mapping: ActivationMapping,
  table: BaseTable,
  catalogue: OrgCatalogue,
): FieldError[] {
  const named: [string, string][] = [
    ['body.match.column', mapping.match.column],
    ...mapping.fields.map((field, index): [string, string] => [
      `body.fields.${index}.column`,
      field.column,
    ]),
  ];
  return named.flatMap(([path, column]) =>
    catalogue.find(table, column)
      ? []
      : [{ path, message: `Unknown column ${column} on ${table}` }],
  );
}

/** Acting on members who leave is what a mirror does; update and upsert never remove. */
export function checkMode(mapping: ActivationMapping): FieldError[] {
  if (mapping.onLeave === 'nothing' || mapping.mode === 'mirror') return [];
  return [
    {
      path: 'body.onLeave',
      message: `Only a mirror acts on members who leave (${mapping.mode} keeps them): choose the mode mirror, or nothing`,
    },
  ];
}

/** A Google Sheets object that does not name a spreadsheet and a tab, or null. */
export function objectProblem(provider: ActivationProvider, object: string): string | null {
  if (provider !== 'google_sheets' || SHEET_OBJECT.test(object)) return null;
  return 'A Google Sheets destination is <spreadsheetId>/<tab>';
}

/**
 * Asks the destination (its objects, an object's fields). A refusal the user can act on (not
 * connected, no access, the provider's 4xx) is answered as `{ problem }` in the provider's
 * words: destinations throw those as a `ConnectorError` or a plain `Error` (the interface's
 * "anything else", integrations/core/destination.ts). A provider that did not answer
 * (`DestinationRetry`, a transient failure) is a 503; a programming error stays a 500.
 */
export async function askDestination<T>(
  provider: ActivationProvider,
  ask: () => Promise<T>,
): Promise<{ answer: T } | { problem: string }> {
  try {
    return { answer: await ask() };
  } catch (error) {
    if (error instanceof DestinationRetry || (isConnectorError(error) && error.transient))
      throw serviceUnavailable(
        `${ACTIVATION_PROVIDER_LABELS[provider]} did not answer (${error.message}); try again.`,
      );
    if (isConnectorError(error) || (error instanceof Error && error.name === 'Error'))
      return { problem: error.message };
    throw error;
  }
}

/** Why the match field cannot find (or, for upsert and mirror, create) records, or null. */
function matchProblem(
  mapping: ActivationMapping,
  match: DestinationField | undefined,
  anyName: boolean,
): string | null {
  const { provider, object } = mapping.destination;
  const field = mapping.match.field;
  if (!anyName && !match) return `Unknown field ${field} on ${object}`;
  if (!anyName && !match?.identifying)
    return `${field} cannot identify a ${object} record: choose an id, an external id or a unique field`;
  if (mapping.mode !== 'update' && RECORD_ID_FIELD[provider] === field)
    return `${ACTIVATION_PROVIDER_LABELS[provider]} assigns ${field} itself, so ${mapping.mode} cannot create records by it: match on an external id or unique field, or choose the mode update`;
  return null;
}

/** Why a mapped field cannot be written, or null. */
function mappedProblem(
  mapping: ActivationMapping,
  field: string,
  found: DestinationField | undefined,
  { anyName, mappedBefore }: { anyName: boolean; mappedBefore: boolean },
): string | null {
  const { provider, object } = mapping.destination;
  if (field === mapping.match.field) return `${field} is the match field: it is not mapped again`;
  if (mappedBefore) return `${field} is mapped twice`;
  if (anyName) return null;
  if (!found) return `Unknown field ${field} on ${object}`;
  if (!found.writable)
    return `${field} is read-only on ${ACTIVATION_PROVIDER_LABELS[provider]} ${object}`;
  return null;
}

/**
 * The destination fields against the object's description (ADR 0033): the match field must
 * identify a record (and, when records are created, not be the provider's own id), each
 * mapped field must exist and be writable, once, and not be the match field. An empty Google
 * Sheets tab has no columns yet: the names become its header.
 */
export function checkDestinationFields(
  mapping: ActivationMapping,
  described: DestinationField[],
): FieldError[] {
  const anyName = mapping.destination.provider === 'google_sheets' && described.length === 0;
  const byName = new Map(described.map((field) => [field.name, field]));
  const errors: FieldError[] = [];
  const match = matchProblem(mapping, byName.get(mapping.match.field), anyName);
  if (match) errors.push({ path: 'body.match.field', message: match });
  const seen = new Set<string>();
  mapping.fields.forEach(({ field }, index) => {
    const problem = mappedProblem(mapping, field, byName.get(field), {
      anyName,
      mappedBefore: seen.has(field),
    });
    if (problem) errors.push({ path: `body.fields.${index}.field`, message: problem });
    seen.add(field);
  });
  return errors;
}
