import {
  csvConfigSchema,
  googleSheetsConfigSchema,
  mysqlConfigSchema,
  postgresConfigSchema,
  redashConfigSchema,
  crmSourceConfigSchema,
  type FieldError,
  type SourceType,
} from '@revlane/contracts';
import type { z } from 'zod';
import { badRequest } from '../../platform/errors/http-error.js';
import type { SourceSettings } from './source-secrets.js';

const CONFIG_SCHEMAS: Record<SourceType, z.ZodType<SourceSettings>> = {
  postgres: postgresConfigSchema,
  mysql: mysqlConfigSchema,
  csv: csvConfigSchema,
  google_sheets: googleSheetsConfigSchema,
  redash: redashConfigSchema,
  salesforce: crmSourceConfigSchema,
  hubspot: crmSourceConfigSchema,
  intercom: crmSourceConfigSchema,
  outreach: crmSourceConfigSchema,
};

/**
 * Checks a merged config (PATCH: the stored one with the change over it) against its type's
 * schema; a bad field is a 400 naming `body.config.<field>`, as on create.
 */
export function parseSourceConfig(type: SourceType, config: unknown): SourceSettings {
  const result = CONFIG_SCHEMAS[type].safeParse(config);
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.flatMap((issue) => {
    const base = ['body', 'config', ...issue.path.map(String)].join('.');
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => ({ path: `${base}.${key}`, message: 'Unknown field' }));
    return [{ path: base, message: issue.message }];
  });
  throw badRequest(`${errors[0]!.message} (${errors[0]!.path})`, errors);
}
