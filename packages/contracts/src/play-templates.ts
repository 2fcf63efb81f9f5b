import type { BaseTable } from './segment-data.js';

/**
 * Play templates (docs/product.md §7): text with `{{account.name}}` placeholders, the entity
 * being the singular of the cohort's base table and the name one of its catalogue columns.
 * Server and SPA parse them alike, so a template the editor accepts is one the play can send.
 */
export const TEMPLATE_ENTITY: Record<BaseTable, string> = { accounts: 'account', users: 'user' };

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const REFERENCE = /^([a-z]+)\.([a-z][a-z0-9_]*)$/;

export interface TemplateReference {
  entity: string;
  column: string;
}

/** The placeholders of a template, or the first problem with its syntax. */
export function parseTemplate(
  text: string,
): { references: TemplateReference[] } | { error: string } {
  const references: TemplateReference[] = [];
  for (const match of text.matchAll(PLACEHOLDER)) {
    const reference = REFERENCE.exec(match[1] ?? '');
    if (!reference) return { error: `"{{${match[1]}}}" is not a field like {{account.name}}` };
    references.push({ entity: reference[1]!, column: reference[2]! });
  }
  const rest = text.replace(PLACEHOLDER, '');
  if (rest.includes('{{') || rest.includes('}}')) return { error: 'Unbalanced {{ or }}' };
  return { references };
}

/** The template with each placeholder replaced by the record's value (empty when absent). */
export function renderTemplate(text: string, record: Record<string, unknown>): string {
  return text.replace(PLACEHOLDER, (_whole, inner: string) => {
    const column = REFERENCE.exec(inner)?.[2];
    const value = column === undefined ? undefined : record[column];
    if (value === null || value === undefined) return '';
    if (Array.isArray(value)) return value.join(', ');
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return JSON.stringify(value);
  });
}
