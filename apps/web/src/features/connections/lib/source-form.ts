import {
  createSourceBodySchema,
  type CreateSourceBody,
  type FieldError,
  type SourceType,
} from '@revlane/contracts';
import { CREDENTIAL_FIELDS } from './credential-fields';

/** The wizard's and the edit dialog's form values: `name`, and `config` as typed. */
export interface SourceFormValues {
  name?: string;
  config?: Record<string, string | number | null | undefined>;
}

/** A sheet's address pasted whole gives its id (`/spreadsheets/d/<id>/…`). */
const spreadsheetIdOf = (text: string) =>
  /\/spreadsheets\/d\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? text;

/**
 * The config a form says: blank fields left out (a secret left blank keeps its value on
 * edit), texts trimmed, the port a number.
 */
export function configOfForm(type: SourceType, values: SourceFormValues) {
  const config: Record<string, unknown> = {};
  for (const field of CREDENTIAL_FIELDS[type]) {
    const raw = values.config?.[field.name];
    if (raw === undefined || raw === null) continue;
    const text = String(raw).trim();
    if (text === '') continue;
    if (field.kind === 'port') config[field.name] = Number(text);
    else if (field.name === 'spreadsheetId') config[field.name] = spreadsheetIdOf(text);
    else config[field.name] = field.kind === 'secret' ? String(raw) : text;
  }
  return config;
}

/** Whether a form's credentials differ from the saved config (a typed secret always does). */
export const isConfigChanged = (
  type: SourceType,
  values: SourceFormValues,
  saved: Record<string, unknown>,
): boolean =>
  JSON.stringify(configOfForm(type, values)) !==
  JSON.stringify(configOfForm(type, { config: saved as SourceFormValues['config'] }));

/** Form field paths as antd names: `config.host` → `['config', 'host']`. */
export const fieldNameOf = (path: string): (string | number)[] =>
  path
    .replace(/^body\./, '')
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * Checks a form with the contracts' own schema (the server's), so the messages next to the
 * fields are the ones the server would give.
 */
export function checkSourceForm(
  type: SourceType,
  values: SourceFormValues,
): { body: CreateSourceBody } | { errors: FieldError[] } {
  const parsed = createSourceBodySchema.safeParse({
    type,
    name: values.name ?? '',
    config: configOfForm(type, values),
  });
  if (parsed.success) return { body: parsed.data };
  return {
    errors: parsed.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    })),
  };
}

/** Groups field errors by antd field name for `form.setFields`. */
export function toFormFields(errors: readonly FieldError[]) {
  const byPath = new Map<string, string[]>();
  for (const error of errors) {
    const path = error.path.replace(/^body\./, '');
    byPath.set(path, [...(byPath.get(path) ?? []), error.message]);
  }
  return [...byPath].map(([path, messages]) => ({ name: fieldNameOf(path), errors: messages }));
}
